// The embedded database on a thread of its own (see pglite-thread.ts): PGlite,
// answering the PostgreSQL protocol on a Unix socket for the server's one connection.
// Plain JavaScript so that any runner (tsx, vitest) can start it as a worker.
//
// Why not pglite-socket (docs/decisions.md): it hands PGlite one protocol message at a
// time, each behind a queue, a mutex and a turn of the event loop, to share the one
// session between several connections (which it cannot do safely: its issue #1046).
// With one connection, whatever the client wrote in one go (Bind, Execute, Sync) can go
// to PGlite in one call and its answer back in one write.
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dir: string | undefined, socket: string, createOnly?: boolean }} */
const { dir, socket: path, createOnly } = workerData;

// the two requests that come without a type byte, before the startup message
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'

/**
 * The whole messages at the start of `buf`: where they end and where the last one
 * starts. Before the startup the messages have no type byte (int32 length first);
 * after it, a type byte and a length.
 */
function wholeMessages(buf, started) {
  let end = 0;
  let last = 0;
  for (;;) {
    const at = started ? end + 1 : end;
    if (buf.length < at + 4) return { end, last };
    const length = buf.readInt32BE(at) + (started ? 1 : 0);
    if (buf.length < end + length) return { end, last };
    last = end;
    end += length;
    if (!started) return { end, last }; // the startup message is answered before anything else is sent
  }
}

/** Serves one client connection for as long as it stays open; resolves once it closed and its transaction is undone. */
function serve(db, socket) {
  let pending = Buffer.alloc(0);
  let started = false;
  let busy = false;

  async function drain() {
    if (busy) return;
    busy = true;
    try {
      for (let m = wholeMessages(pending, started); m.end > 0 && !socket.destroyed; m = wholeMessages(pending, started)) {
        let batch = pending.subarray(0, m.end);
        pending = pending.subarray(m.end);
        if (!started) {
          const code = batch.readInt32BE(4);
          if (code === SSL_REQUEST) socket.write('N');
          else if (code === CANCEL_REQUEST) socket.destroy();
          if (code === SSL_REQUEST || code === CANCEL_REQUEST) continue;
          started = true;
        }
        // a Terminate is the client's last word: nothing to answer, the connection ends
        const terminate = batch[m.last] === TERMINATE;
        if (terminate) batch = batch.subarray(0, m.last);
        if (batch.length) {
          socket.cork();
          // `data` is a view of PGlite's memory, overwritten by the next chunk: copied before the corked write keeps it
          await db.runExclusive(() => db.execProtocolRawStream(batch, { onRawData: (data) => socket.write(Buffer.from(data)) }));
          socket.uncork();
        }
        if (terminate) socket.end();
      }
    } catch {
      // PGlite could not take the messages: drop the connection, the pool opens another
      socket.destroy();
    } finally {
      busy = false;
    }
  }

  socket.setNoDelay(true);
  socket.on('data', (data) => {
    pending = pending.length ? Buffer.concat([pending, data]) : data;
    void drain();
  });
  socket.on('error', () => socket.destroy());
  return new Promise((resolve) => {
    const closed = async () => {
      // a transaction the client left open is not left for the next connection
      if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => {});
      resolve(undefined);
    };
    // it may have closed while it waited for the one before it
    if (socket.closed) void closed();
    else socket.on('close', closed);
  });
}

try {
  // PGlite's default shared_buffers (128 MB) sit in its WebAssembly memory, which never shrinks;
  // its files are in memory or in the OS's page cache anyway, so a smaller pool costs little
  // time and saves about 100 MB of the server's resident memory (bench/export.ts, bench/api.ts)
  const db = new PGlite(dir, { postgresqlconf: ['shared_buffers=32MB'] });
  await db.waitReady;
  if (createOnly) {
    // a new folder made, the thread ends (pglite-thread.ts says why)
    await db.close();
    parentPort?.postMessage({ ready: true });
    process.exit(0);
  }
  const open = new Set();
  // One connection at a time: the server's pool holds one. It opens another only once it dropped
  // the last (node-postgres' pool drops a connection after any failed query), whose close may not
  // have reached us yet: the new one is served once the last is closed and its transaction undone,
  // instead of being refused.
  let last = Promise.resolve();
  const server = createServer((socket) => {
    open.add(socket.once('close', () => open.delete(socket)));
    const before = [...open].filter((s) => s !== socket);
    for (const old of before) old.destroy();
    last = last.then(() => serve(db, socket));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(path, () => resolve(undefined)));
  parentPort?.on('message', async (message) => {
    if (message !== 'close') return;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of open) socket.destroy();
    await closed;
    await db.close();
    parentPort?.postMessage({ closed: true });
  });
  parentPort?.postMessage({ ready: true });
} catch (err) {
  parentPort?.postMessage({ failed: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
