import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  // A new folder is made by a thread of its own, which then ends. PGlite makes it by running
  // initdb, which leaves about 500 MB in the thread's memory that only the thread's end gives
  // back (bench/startup.ts: a first start 847 → 500 MB resident, a restart 423 MB).
  if (dir && !existsSync(join(dir, 'PG_VERSION'))) await stopped(await started({ dir, socket: '', createOnly: true }));
  const socketDir = mkdtempSync(join(tmpdir(), 'wb-pglite-'));
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  let worker: Worker;
  try {
    worker = await started({ dir, socket: join(socketDir, `.s.PGSQL.${PORT}`) });
  } catch (err) {
    removeSocketDir();
    throw err;
  }
  let closing = false;
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

/** A database thread, once its database is ready (pglite-worker.mjs says so); one that fails to get there is ended. */
async function started(workerData: { dir: string | undefined; socket: string; createOnly?: boolean }): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { ready?: boolean; failed?: string }) => (m.ready ? resolve() : reject(new Error(`the embedded database did not start: ${m.failed}`))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return worker;
}

/** Resolves once the thread has ended. */
const stopped = (worker: Worker) => new Promise((resolve) => worker.once('exit', resolve));
