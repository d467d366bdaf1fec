import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
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
 * `onExit` hears of a thread that stopped without being asked to. A folder `dir` is made
 * beforehand (`createFolders`).
 */
export async function startPgliteThread(dir: string | undefined, onExit: (err: Error) => void): Promise<PgliteThread> {
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

/**
 * Makes the database folders among `dirs` that hold none yet. The first is made by a thread of
 * its own, which then ends: PGlite makes it by running initdb, which leaves about 500 MB in the
 * memory of the thread that ran it, and only the thread's end gives it back (bench/startup.ts: a
 * first start 847 → 500 MB resident). The others are copies of it, made before any is opened,
 * instead of an initdb each (2.5 s); a copy gets its name only once it is whole.
 */
export async function createFolders(dirs: string[]): Promise<void> {
  const fresh = dirs.filter((dir) => !existsSync(join(dir, 'PG_VERSION')));
  if (!fresh.length) return;
  mkdirSync(fresh[0], { recursive: true });
  await stopped(await started({ dir: fresh[0], socket: '', createOnly: true }));
  for (const dir of fresh.slice(1)) {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(fresh[0], partial, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
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
