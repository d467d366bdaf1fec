#!/usr/bin/env node
// `npm start`'s build step: builds what is out of date, and only that. Two parts, each built only
// when its sources changed since its last build that finished, or an output folder is missing:
//   web:    the shell, coredata and the demo's Vue apps (`npm run build`, a minute or more);
//   server: the server compiled to apps/server/dist (`npm run build -w @wb/server`, a second).
// The sources are told by their contents (a hash), not their times: a fresh checkout builds once.
// Usage: node scripts/build-if-changed.mjs [web|server]...   (no argument: both)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const parts = {
  web: {
    what: 'the shell and the sub-apps',
    inputs: ['apps/shell', 'apps/subapps/coredata', 'apps/subapps/vue-fixture', 'apps/subapps/vue2-fixture', 'packages/contracts', 'packages/resource-ui', 'package-lock.json'],
    outputs: ['apps/shell/dist', 'apps/subapps/coredata/dist', 'apps/subapps/vue-fixture/dist', 'apps/subapps/vue2-fixture/dist'],
    command: ['run', 'build'],
  },
  server: {
    what: 'the server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'apps/server/tsconfig.json', 'packages/contracts', 'package-lock.json'],
    outputs: ['apps/server/dist/main.mjs'],
    command: ['run', 'build', '-w', '@wb/server'],
  },
};
// what a build or a test run writes beside the sources (the .gitignore's folders)
const skipped = new Set(['node_modules', 'dist', 'build-stats', 'coverage', 'test-results', '.vite']);

function* files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  for (const e of readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(e.name)) continue;
    const rel = join(path, e.name);
    if (e.isDirectory()) yield* files(rel);
    else if (e.isFile()) yield rel;
  }
}

function sourcesHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const list = /\.(json|mjs)$/.test(input) ? [input] : [...files(input)];
    for (const file of list)
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const wanted = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(parts);
for (const name of wanted) {
  const part = parts[name];
  if (!part) {
    console.error(`usage: build-if-changed.mjs [${Object.keys(parts).join('|')}]...`);
    process.exit(2);
  }
  const stamp = join(root, `node_modules/.cache/wb-build-${name}`);
  const now = sourcesHash(part.inputs);
  const built = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
  if (built === now && part.outputs.every((o) => existsSync(join(root, o)))) {
    console.log(`  ${part.what}: built from these sources, not building again`);
    continue;
  }
  const run = spawnSync('npm', part.command, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, now);
}
