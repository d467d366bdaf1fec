#!/usr/bin/env node
// `npm start`'s build step: runs `npm run build` (the shell, coredata and the demo's Vue apps) only
// when their sources changed since the last build that finished, or an output folder is missing.
// The sources are told by their contents (a hash), not their times: a fresh checkout builds once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = ['apps/shell', 'apps/subapps/coredata', 'apps/subapps/vue-fixture', 'apps/subapps/vue2-fixture', 'packages/contracts', 'packages/resource-ui', 'package-lock.json'];
const outputs = ['apps/shell/dist', 'apps/subapps/coredata/dist', 'apps/subapps/vue-fixture/dist', 'apps/subapps/vue2-fixture/dist'];
const stamp = join(root, 'node_modules/.cache/wb-build-sources');
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

function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const list = input.endsWith('.json') ? [input] : [...files(input)];
    for (const file of list)
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const now = sourcesHash();
const built = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (built === now && outputs.every((o) => existsSync(join(root, o)))) {
  console.log('  the shell and the sub-apps are built from these sources: not building again');
  process.exit(0);
}
const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
mkdirSync(dirname(stamp), { recursive: true });
writeFileSync(stamp, now);
