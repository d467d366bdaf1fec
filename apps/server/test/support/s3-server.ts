import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { S3Settings } from '../../src/platform/config';

/** The parts of s3rver (CommonJS, no types of its own) used here. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string; configs: string[] }[] }) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * An S3-protocol server (s3rver, from npm) on a free localhost port, with one empty bucket:
 * the S3 store is tested against the protocol itself (single and multipart uploads, presigned
 * addresses, their access key and expiry; s3rver does not verify V4 signatures themselves), and
 * nothing leaves the machine.
 */
export async function startS3(bucket = 'wb-files', opts: { corsOrigins?: string[] } = {}): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'wb-s3-'));
  // a bucket browsers on these origins may PUT to and read from, as a deployment's bucket must allow the shell
  const cors = opts.corsOrigins?.length
    ? [
        `<CORSConfiguration><CORSRule>${opts.corsOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}` +
          '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>',
      ]
    : [];
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: cors }] });
  const { port } = await server.run();
  return {
    // s3rver's own credentials: it refuses other access keys
    settings: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
