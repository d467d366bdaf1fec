#!/usr/bin/env node
/**
 * Checks the built shell (dist/) against two rules and prints the figures:
 *  (a) the JavaScript the /login route loads — the entry chunk, its static
 *      imports, the login page's lazy chunk and its static imports — is at most
 *      LOGIN_BUDGET_KB gzipped;
 *  (b) every module in the entry chunk's static closure is statically reachable
 *      from the entry module (no lazy-only module hoisted into the entry), and
 *      none of them is from @ant-design/pro-*;
 *  (c) the /login route loads no ProComponents and no layout module.
 * Reads build-stats/bundle-graph.json written by the wb-bundle-graph plugin in vite.config.ts.
 * Exits 1 when a rule fails.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET_KB = 230;
const LOGIN_PAGE_MODULE = 'src/features/auth/login-page.tsx';
const FORBIDDEN_IN_ENTRY = '@ant-design/pro-';
/** the login route loads neither ProComponents nor the signed-in layout */
const FORBIDDEN_ON_LOGIN = ['@ant-design/pro-', 'src/app/layout/'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const graph = JSON.parse(readFileSync(join(dist, '..', 'build-stats', 'bundle-graph.json'), 'utf8'));
const { chunks, modules } = graph;

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 6 }).length);
  return gzipped.get(file);
}

/** A chunk and every chunk it imports statically, transitively. */
function staticChunkClosure(start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks[file]?.imports ?? []));
  }
  return seen;
}

/** Every module reachable from `start` through static imports only. */
function staticModuleClosure(start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(modules[id]?.imports ?? []));
  }
  return seen;
}

const failures = [];
const entries = Object.entries(chunks).filter(([, c]) => c.isEntry);
if (entries.length !== 1) failures.push(`expected one entry chunk, found ${entries.length}`);
const [entryFile, entryChunk] = entries[0];
const loginEntry = Object.entries(chunks).find(([, c]) => c.facadeModuleId === LOGIN_PAGE_MODULE);
if (!loginEntry) failures.push(`no chunk has ${LOGIN_PAGE_MODULE} as its facade (is the login page still lazy?)`);

// (a) the /login budget
const entryClosure = staticChunkClosure(entryFile);
const loginFiles = new Set([...entryClosure, ...(loginEntry ? staticChunkClosure(loginEntry[0]) : [])]);
let loginTotal = 0;
console.log('JS loaded for /login (gzip level 6, the zlib default):');
for (const file of [...loginFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) {
  const size = gzipSize(file);
  loginTotal += size;
  const role = file === entryFile ? 'entry' : loginEntry && file === loginEntry[0] ? 'login route' : entryClosure.has(file) ? 'entry import' : 'login import';
  console.log(`  ${kb(size).padStart(7)} KB  ${file}  (${role})`);
}
console.log(`  ${kb(loginTotal).padStart(7)} KB  total, budget ${LOGIN_BUDGET_KB} KB`);
if (loginTotal > LOGIN_BUDGET_KB * 1024) failures.push(`/login loads ${kb(loginTotal)} KB gzipped JS, over the ${LOGIN_BUDGET_KB} KB budget`);
const onLogin = [...loginFiles].flatMap((file) => chunks[file].modules.filter((id) => FORBIDDEN_ON_LOGIN.some((part) => id.includes(part))).map((id) => `${id} (in ${file})`));
if (onLogin.length) failures.push(`the /login route loads ${onLogin.length} module(s) it must not (${FORBIDDEN_ON_LOGIN.join(', ')}):\n    ${onLogin.slice(0, 30).join('\n    ')}`);

// (b) nothing lazy-only in the entry's static closure
const reachable = staticModuleClosure(entryChunk.facadeModuleId);
const hoisted = [];
const pro = [];
let entryModules = 0;
for (const file of entryClosure) {
  for (const id of chunks[file].modules) {
    entryModules++;
    if (!reachable.has(id)) hoisted.push(`${id} (in ${file})`);
    if (id.includes(FORBIDDEN_IN_ENTRY)) pro.push(`${id} (in ${file})`);
  }
}
console.log(`Entry closure: ${entryClosure.size} chunk(s), ${entryModules} modules, ${reachable.size} modules statically reachable from ${entryChunk.facadeModuleId}`);
if (hoisted.length) failures.push(`${hoisted.length} module(s) in the entry closure are not statically imported by the entry:\n    ${hoisted.slice(0, 30).join('\n    ')}`);
if (pro.length) failures.push(`${pro.length} ${FORBIDDEN_IN_ENTRY}* module(s) in the entry closure:\n    ${pro.slice(0, 30).join('\n    ')}`);

// Figures for the biggest lazy chunks, to see where weight goes.
console.log('Largest other chunks (gzip):');
const others = Object.keys(chunks)
  .filter((f) => !loginFiles.has(f))
  .sort((a, b) => gzipSize(b) - gzipSize(a));
for (const file of others.slice(0, 6)) console.log(`  ${kb(gzipSize(file)).padStart(7)} KB  ${file}${chunks[file].facadeModuleId ? `  (${chunks[file].facadeModuleId})` : ''}`);

if (failures.length) {
  console.error(`\ncheck-bundle FAILED:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
console.log('check-bundle passed');
