#!/usr/bin/env node
// The server as production runs it: compiled JavaScript under plain `node`, no TypeScript loader.
// Each entry becomes one file in dist/ with our own code inside (the server's and @wb/contracts');
// the packages of node_modules stay imports, resolved from there at run time. The worker files sit
// beside main.mjs under the names the code starts them by (new URL('./…-worker.mjs', import.meta.url)),
// and the migrations beside them (db/client.ts reads ./migrations).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

/** Packages stay imports, except our workspace's own (their sources are TypeScript). */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wb/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    'move-to-postgres': 'src/move-to-postgres.ts',
    'bpmn-worker': 'src/platform/flow/bpmn-thread.ts',
    'sheet-worker': 'src/platform/crud/sheet-worker.mjs',
    'pglite-worker': 'src/db/pglite-worker.mjs',
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesOutside],
  logLevel: 'warning',
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
console.log('  the server is compiled to apps/server/dist');
