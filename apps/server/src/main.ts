import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { DEMO_PASSWORD } from './db/seed-data';

const started = Date.now();
const apps = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { app, ctx } = await buildApp({ config: { shellDir: process.env.SHELL_DIR ?? resolve(apps, 'shell/dist'), subappsDir: process.env.SUBAPPS_DIR ?? resolve(apps, 'subapps') } });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: ctx.config.port, host: ctx.config.host });
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
