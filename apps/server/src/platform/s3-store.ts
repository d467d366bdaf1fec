import { pipeline, type Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from './config';
import { FILE_KINDS, kindOfName } from './file-kinds';
import { SAFE_OBJECT_NAME, type ObjectStore, type SignedPut } from './storage';

/** parts of a streamed upload (S3's smallest), and how many are in flight: an export holds at most 10 MB */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The type an object is stored with, so that the service itself serves it sensibly too. */
const contentTypeOf = (name: string) => {
  const kind = kindOfName(name);
  return kind ? FILE_KINDS[kind].mime : 'application/octet-stream';
};

/**
 * The origin presigned addresses point at, which browsers PUT to (the shell's connect-src): the
 * endpoint, with the bucket in the host name unless it goes in the path.
 */
export function uploadOriginOf(s: S3Settings): string {
  const endpoint = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
  return s.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s.bucket}.${endpoint.host}`;
}

/**
 * Uploaded and exported files in an S3-compatible bucket (AWS SDK v3). Objects are read back
 * through this server (the signed file route keeps tenant scoping and the link format); the
 * browser writes to the bucket itself only through a presigned PUT (the signed-URL flow).
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    /** how requests are sent: a tenant's bucket is reached through the outbound guard's agents (platform/outbound.ts); absent, the SDK's own */
    requestHandler?: S3ClientConfig['requestHandler'],
  ) {
    this.client = new S3Client({
      requestHandler,
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey! } : undefined,
      // checksums only where the API requires them: the SDK's default adds CRC32 trailers (aws-chunked
      // bodies) and checksum parameters to presigned URLs, which many S3-compatible services do not
      // understand and which a browser PUT cannot compute
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private object(name: string) {
    if (!SAFE_OBJECT_NAME.test(name)) throw new Error(`unsafe object name ${name}`);
    return { Bucket: this.settings.bucket, Key: name };
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ ...this.object(name), Body: bytes, ContentType: contentTypeOf(name), ContentLength: bytes.length }));
  }

  async putStream(name: string, source: Readable): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // the source's failure (a refused upload, a stopped export) fails the upload, which then
    // aborts its multipart upload: no object is left; the upload's failure ends the source
    const counted = pipeline(source, counter, () => {});
    const upload = new Upload({
      client: this.client,
      params: { ...this.object(name), Body: counted, ContentType: contentTypeOf(name) },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (err) {
      counted.destroy();
      throw err;
    }
    return size;
  }

  async remove(name: string): Promise<void> {
    if (!SAFE_OBJECT_NAME.test(name)) return;
    await this.client.send(new DeleteObjectCommand(this.object(name)));
  }

  async get(name: string): Promise<{ stream: Readable; size: number } | null> {
    if (!SAFE_OBJECT_NAME.test(name)) return null;
    try {
      const found = await this.client.send(new GetObjectCommand(this.object(name)));
      return { stream: found.Body as Readable, size: found.ContentLength ?? 0 };
    } catch (err) {
      // some services answer a missing key with a bare 404 instead of NoSuchKey
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  /**
   * A presigned PUT of `name` with its type. `If-None-Match: *` is signed with it: a service that
   * supports conditional writes (AWS S3, MinIO, R2, Ceph) refuses to overwrite the object, so the
   * address cannot be used again to replace a file once it was uploaded.
   */
  async presignPut(name: string, contentType: string, seconds: number): Promise<SignedPut> {
    const command = new PutObjectCommand({ ...this.object(name), ContentType: contentType, IfNoneMatch: '*' });
    const url = await getSignedUrl(this.client, command, { expiresIn: seconds });
    return { url, headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
  }
}
