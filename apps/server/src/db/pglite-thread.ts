import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** node-postgres finds a Unix socket as `${host}/.s.PGSQL.${port}`. */
const PORT = 5432;

export interface PgliteThread {
  /** where node-postgres connects: `{ host: socketDir, port }` */
  socketDir: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the embedded database (PGlite, WebAssembly) on a worker thread that
 * answers the PostgreSQL protocol on a Unix socket. A query then runs beside
 * the request thread instead of on it: a slow one no longer stalls every other
 * request, and the server reaches both databases by the one node-postgres path.
 * The socket is in a private folder (mode 0700): no other user can connect.
 * `onExit` hears of a thread that stopped without being asked to.
 */
export async function startPgliteThread(dir: string | undefined, onExit: (err: Error) => void): Promise<PgliteThread> {
  const socketDir = mkdtempSync(join(tmpdir(), 'wb-pglite-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, socket: join(socketDir, `.s.PGSQL.${PORT}`) } });
  let closing = false;
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { ready?: boolean; failed?: string }) => (m.ready ? resolve() : reject(new Error(`the embedded database did not start: ${m.failed}`))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    });
  } catch (err) {
    await worker.terminate();
    removeSocketDir();
    throw err;
  }
  worker.on('exit', (code) => {
    removeSocketDir();
    if (!closing) onExit(new Error(`the embedded database's thread stopped (exit code ${code})`));
  });
  return {
    socketDir,
    port: PORT,
    close: async () => {
      if (closing) return;
      closing = true;
      // the database closes cleanly (its files flushed) before the thread goes
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await worker.terminate();
    },
  };
}
