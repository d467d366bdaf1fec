// The embedded database on a thread of its own (see pglite-thread.ts): PGlite,
// answering the PostgreSQL protocol on a Unix socket through pglite-socket.
// Plain JavaScript so that any runner (tsx, vitest) can start it as a worker.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dir: string | undefined, socket: string }} */
const { dir, socket } = workerData;

try {
  const db = new PGlite(dir);
  await db.waitReady;
  // one connection: the server's pool holds it, so no other process can connect
  const server = new PGLiteSocketServer({ db, path: socket, maxConnections: 1 });
  await server.start();
  parentPort?.on('message', async (message) => {
    if (message !== 'close') return;
    await server.stop();
    await db.close();
    parentPort?.postMessage({ closed: true });
  });
  parentPort?.postMessage({ ready: true });
} catch (err) {
  parentPort?.postMessage({ failed: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
