import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built shell and the chunk and module graph the wb-bundle-graph plugin (vite.config.ts) wrote beside it. */
export const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const dist = join(appDir, 'dist');

export function readBundleGraph() {
  return JSON.parse(readFileSync(join(appDir, 'build-stats', 'bundle-graph.json'), 'utf8'));
}

/** `start` and everything reachable from it along `next` (a chunk's or a module's static imports). */
export function closure(start, next) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const item = stack.pop();
    if (seen.has(item)) continue;
    seen.add(item);
    stack.push(...next(item));
  }
  return seen;
}
