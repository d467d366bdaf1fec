import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { DEMO_PASSWORD } from './db/seed-data';
import { loadConfig } from './platform/config';

const started = Date.now();
const apps = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
// read (and its generated secrets written) once, before any worker starts: they all sign with the same key
const config = loadConfig();

if (cluster.isPrimary && config.workers > 1) {
  await startWorkers(config.workers);
} else {
  await startServer();
}

/**
 * WORKERS=N: N processes, each a full instance on the same PostgreSQL, sharing the port
 * (node:cluster). Caches stay correct across them through the database's change feed
 * (platform/changes.ts). A worker that dies is replaced; a signal stops them all.
 */
async function startWorkers(count: number): Promise<void> {
  if (!config.databaseUrl) {
    console.error('WORKERS > 1 needs DATABASE_URL: the embedded database belongs to one process');
    process.exit(1);
  }
  let stopping = false;
  let running = count;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    // stopping, the primary ends with its last worker
    if (stopping) {
      if (--running === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}): starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // each worker drains as a single instance does
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
  console.log(`  运营工作台: ${count} workers on port ${config.port} (database: postgres)`);
}

async function startServer(): Promise<void> {
  const { app, ctx } = await buildApp({ config: { shellDir: process.env.SHELL_DIR ?? resolve(apps, 'shell/dist'), subappsDir: process.env.SUBAPPS_DIR ?? resolve(apps, 'subapps') } });

  // A stop drains: new requests are answered 503 (readiness with them) while those under way, and
  // streamed downloads, finish; then the jobs are handed back and the database closed. The signal
  // may come twice (npm passes it on to its child, a group kill reaches both): the second changes nothing.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: draining (at most ${ctx.config.shutdownDrainSeconds} s)`);
      setTimeout(() => {
        app.log.warn('the drain limit passed with requests still under way: exiting');
        process.exit(1);
      }, ctx.config.shutdownDrainSeconds * 1000).unref();
      // a keep-alive connection whose download has finished is let go, or the close would wait for the client
      setInterval(() => app.server.closeIdleConnections(), 250).unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  if (cluster.isWorker) return;
  const url = `http://localhost:${ctx.config.port}`;
  console.log(
    [
      '',
      `  运营工作台 ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${url}  (database: ${ctx.database.kind}${ctx.database.kind === 'pglite' ? ` in ${ctx.config.dataDir}` : ''})`,
      `  demo login: tenant 000000, account admin, password ${DEMO_PASSWORD}`,
      `  API documentation: ${url}/docs`,
      '',
    ].join('\n'),
  );
}
