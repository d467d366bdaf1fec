import { pipeline, type Readable, Writable } from 'node:stream';
import { pipeline as settled } from 'node:stream/promises';
import { ApiError, badRequest } from './envelope';
import { ContentCheck, fileMessages, type FileExt } from './file-kinds';
import type { ObjectStore } from './storage';

/**
 * Stores what a client sends (a multipart part, a PUT body) as `name`, checked on the way
 * (ContentCheck: size, first bytes, markup, text): a refused or broken upload leaves no object.
 * Resolves to the size. A client that stops sending midway is told its file is incomplete (400);
 * a store that fails is a server error.
 */
export async function storeChecked(store: ObjectStore, name: string, ext: FileExt, source: Readable, maxBytes: number, field = 'file'): Promise<number> {
  const check = new ContentCheck(ext, maxBytes, field);
  // whichever fails first tells who failed: the client's stream, or the check and the store behind it
  let first: 'client' | 'us' | undefined;
  source.once('error', () => (first ??= 'client'));
  check.once('error', () => (first ??= 'us'));
  const checked = pipeline(source, check, () => {});
  try {
    return await store.putStream(name, checked);
  } catch (err) {
    if (err instanceof ApiError || first !== 'client') throw err;
    throw badRequest(fileMessages(field).incomplete, field);
  }
}

/**
 * Why a stored object is not the file its name says (an ApiError naming `field`), or null:
 * the same check as an upload, for files that reached the store without passing this server
 * (a browser's PUT to a presigned S3 address).
 */
export async function storedFileError(stream: Readable, ext: FileExt, maxBytes: number, field = 'file'): Promise<ApiError | null> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await settled(stream, new ContentCheck(ext, maxBytes, field), sink);
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}
