import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileChunk, fileObject } from '../db/schema/index';
import { ObjectExists, SAFE_OBJECT_NAME, type ObjectStore } from './storage';

/** The bytes of one row: large enough to keep the rows few, small enough that a stream holds one or two. */
export const CHUNK_BYTES = 256 * 1024;
/** A part older than this with no object is a write that died: its rows are deleted. */
const ORPHAN_HOURS = 1;

/**
 * Files in PostgreSQL (tables file_object and file_chunk), the store on PostgreSQL without
 * S3_BUCKET: every instance serves every file and runs every import, whichever wrote it. Streamed
 * both ways, a chunk at a time: a 100 MB file never sits whole in memory. A write goes under a
 * part of its own and becomes the object in one insert at its end, so a reader finds no object or
 * all of it, and a second write of the same name is refused (ObjectExists).
 */
export class DatabaseStore implements ObjectStore {
  constructor(private readonly db: Db) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    await this.putStream(name, Readable.from([bytes]));
  }

  async putStream(name: string, source: Readable): Promise<number> {
    if (!SAFE_OBJECT_NAME.test(name)) throw new Error(`unsafe object name ${name}`);
    const part = randomBytes(16).toString('hex');
    let size = 0;
    let seq = 0;
    // the chunk being filled: what comes in is copied into it, and it is written when full
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    const write = async (bytes: Buffer) => {
      await this.db.insert(fileChunk).values({ part, seq: seq++, bytes });
    };
    try {
      for await (const data of source) {
        const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);
        size += buf.length;
        for (let at = 0; at < buf.length;) {
          const n = buf.copy(chunk, filled, at);
          filled += n;
          at += n;
          if (filled === CHUNK_BYTES) {
            await write(chunk);
            chunk = Buffer.allocUnsafe(CHUNK_BYTES);
            filled = 0;
          }
        }
      }
      if (filled) await write(chunk.subarray(0, filled));
      const [made] = await this.db.insert(fileObject).values({ name, part, size }).onConflictDoNothing().returning({ name: fileObject.name });
      if (!made) throw new ObjectExists(name);
      return size;
    } catch (err) {
      await this.db
        .delete(fileChunk)
        .where(eq(fileChunk.part, part))
        .catch(() => undefined);
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    if (!SAFE_OBJECT_NAME.test(name)) return;
    const [gone] = await this.db.delete(fileObject).where(eq(fileObject.name, name)).returning({ part: fileObject.part });
    if (gone) await this.db.delete(fileChunk).where(eq(fileChunk.part, gone.part));
  }

  async get(name: string): Promise<{ stream: Readable; size: number } | null> {
    if (!SAFE_OBJECT_NAME.test(name)) return null;
    const [object] = await this.db.select({ part: fileObject.part, size: fileObject.size }).from(fileObject).where(eq(fileObject.name, name)).limit(1);
    if (!object) return null;
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const [row] = await db
          .select({ bytes: fileChunk.bytes })
          .from(fileChunk)
          .where(and(eq(fileChunk.part, object.part), eq(fileChunk.seq, seq)));
        if (!row) return;
        yield row.bytes;
      }
    }
    return { stream: Readable.from(chunks(), { objectMode: false }), size: Number(object.size) };
  }

  /**
   * Moves the files an instance kept on its own disk (DATA_DIR/files, before its database was
   * PostgreSQL or before this store) into the database, once: each is deleted from the disk once
   * it is in, unless `keep` (a copy: move-to-postgres.ts). Answers how many were moved.
   */
  async moveIn(dir: string, opts: { keep?: boolean } = {}): Promise<number> {
    let moved = 0;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => SAFE_OBJECT_NAME.test(n))) {
      try {
        await this.putStream(name, createReadStream(join(dir, name)));
        moved++;
      } catch (err) {
        // moved by an earlier start that stopped before it could delete the file
        if (!(err instanceof ObjectExists)) throw err;
      }
      if (!opts.keep) await unlink(join(dir, name));
    }
    return moved;
  }

  /** Deletes the rows of writes that died before their end (a killed process leaves its part behind). */
  async sweep(): Promise<void> {
    await this.db.delete(fileChunk).where(
      and(
        lt(fileChunk.createTime, sql`now() - make_interval(hours => ${ORPHAN_HOURS})`),
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(fileObject)
            .where(eq(fileObject.part, fileChunk.part)),
        ),
      ),
    );
  }
}
