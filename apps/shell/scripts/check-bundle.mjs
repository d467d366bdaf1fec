#!/usr/bin/env node
/**
 * Checks the built shell (dist/) against these rules and prints the figures:
 *  (a) the JavaScript each page document loads (login-main.tsx's or lock-main.tsx's
 *      chunk and its static imports) is at most DOCUMENT_BUDGET_KB gzipped, and holds none of
 *      antd, ProComponents, the router, i18next, axios or the layout: the form
 *      works on React and a few KB of our own, and the rest comes after it shows;
 *  (b) every module in each entry chunk's static closure is statically reachable
 *      from its entry module (no lazy-only module hoisted into an entry), and
 *      none of the main entry's is from @ant-design/pro-*;
 *  (c) each login document (one per LOGIN_DOCUMENT_CHOICES) has its page pre-rendered,
 *      the lock document its lock screen, and each error page (404, 403, 500) its
 *      Result, without a script file.
 * Reads build-stats/bundle-graph.json written by the wb-bundle-graph plugin in vite.config.ts.
 * Exits 1 when a rule fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, dist, readBundleGraph } from './bundle-graph.mjs';

const DOCUMENT_BUDGET_KB = 60;
/** the pages that are documents of their own, each hydrated by its own entry */
const DOCUMENT_ENTRIES = ['login.html', 'lock.html'];
const MAIN_ENTRY = 'index.html';
const FORBIDDEN_IN_ENTRY = '@ant-design/pro-';
const FORBIDDEN_ON_DOCUMENTS = [
  'node_modules/antd/',
  '@ant-design/pro-',
  '@ant-design/cssinjs',
  'node_modules/react-router',
  'node_modules/i18next',
  'node_modules/axios',
  'src/app/layout/',
];
const LOGIN_DOCUMENTS = ['login.html', 'login-nocaptcha.html', 'login-tenant.html', 'login-tenant-nocaptcha.html'];
const STATUS_DOCUMENTS = ['403.html', '404.html', '500.html'];

const { chunks, modules } = readBundleGraph();
/** A chunk and every chunk it imports statically, transitively. */
const staticChunkClosure = (start) => closure(start, (file) => chunks[file]?.imports ?? []);
/** Every module reachable from `start` through static imports only. */
const staticModuleClosure = (start) => closure(start, (id) => modules[id]?.imports ?? []);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 6 }).length);
  return gzipped.get(file);
}

const failures = [];
const entryChunk = (module) => Object.entries(chunks).find(([, c]) => c.isEntry && c.facadeModuleId === module);
const documentEntries = DOCUMENT_ENTRIES.map((name) => [name, entryChunk(name)]);
const mainEntry = entryChunk(MAIN_ENTRY);
if (!mainEntry || documentEntries.some(([, entry]) => !entry)) {
  console.error(`check-bundle FAILED: expected entry chunks for ${[...DOCUMENT_ENTRIES, MAIN_ENTRY].join(', ')}`);
  process.exit(1);
}

// (a) each page document's budget
const documentFiles = new Set();
for (const [name, [entryFile]] of documentEntries) {
  const files = staticChunkClosure(entryFile);
  let total = 0;
  console.log(`JS loaded by ${name} (gzip level 6, the zlib default):`);
  for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
    documentFiles.add(file);
    total += gzipSize(file);
    console.log(`  ${kb(gzipSize(file)).padStart(7)} KB  ${file}  (${file === entryFile ? 'entry' : 'entry import'})`);
  }
  console.log(`  ${kb(total).padStart(7)} KB  total, budget ${DOCUMENT_BUDGET_KB} KB`);
  if (total > DOCUMENT_BUDGET_KB * 1024) failures.push(`${name} loads ${kb(total)} KB gzipped JS, over the ${DOCUMENT_BUDGET_KB} KB budget`);
  const forbidden = [...files].flatMap((file) => chunks[file].modules.filter((id) => FORBIDDEN_ON_DOCUMENTS.some((part) => id.includes(part))).map((id) => `${id} (in ${file})`));
  if (forbidden.length) failures.push(`${name} loads ${forbidden.length} module(s) it must not (${FORBIDDEN_ON_DOCUMENTS.join(', ')}):\n    ${forbidden.slice(0, 30).join('\n    ')}`);
}

// (b) nothing lazy-only in an entry's static closure
for (const [file, chunk] of [...documentEntries.map(([, entry]) => entry), mainEntry]) {
  const closure = staticChunkClosure(file);
  const reachable = staticModuleClosure(chunk.facadeModuleId);
  const hoisted = [];
  const pro = [];
  let count = 0;
  for (const f of closure) {
    for (const id of chunks[f].modules) {
      count++;
      if (!reachable.has(id)) hoisted.push(`${id} (in ${f})`);
      if (chunk === mainEntry[1] && id.includes(FORBIDDEN_IN_ENTRY)) pro.push(`${id} (in ${f})`);
    }
  }
  const size = [...closure].reduce((sum, f) => sum + gzipSize(f), 0);
  console.log(`${chunk.facadeModuleId}: ${closure.size} chunk(s), ${count} modules, ${kb(size)} KB gzipped`);
  if (hoisted.length)
    failures.push(`${hoisted.length} module(s) in the closure of ${chunk.facadeModuleId} are not statically imported by it:\n    ${hoisted.slice(0, 30).join('\n    ')}`);
  if (pro.length) failures.push(`${pro.length} ${FORBIDDEN_IN_ENTRY}* module(s) in the main entry's closure:\n    ${pro.slice(0, 30).join('\n    ')}`);
}

// (c) the documents carry their page
if (!readFileSync(join(dist, 'lock.html'), 'utf8').includes('id="unlock_password"')) failures.push('dist/lock.html has no pre-rendered lock screen');
for (const name of LOGIN_DOCUMENTS) {
  const path = join(dist, name);
  if (!existsSync(path) || !readFileSync(path, 'utf8').includes('id="login_password"')) failures.push(`dist/${name} is missing or has no pre-rendered login form`);
}
for (const name of STATUS_DOCUMENTS) {
  const html = existsSync(join(dist, name)) ? readFileSync(join(dist, name), 'utf8') : '';
  if (!html.includes('-result-title') || /<script[^>]*\ssrc=/.test(html)) failures.push(`dist/${name} is missing, has no pre-rendered page, or loads a script`);
}

// Figures for the biggest lazy chunks, to see where weight goes.
console.log('Largest other chunks (gzip):');
const others = Object.keys(chunks)
  .filter((f) => !documentFiles.has(f))
  .sort((a, b) => gzipSize(b) - gzipSize(a));
for (const file of others.slice(0, 6)) console.log(`  ${kb(gzipSize(file)).padStart(7)} KB  ${file}${chunks[file].facadeModuleId ? `  (${chunks[file].facadeModuleId})` : ''}`);

if (failures.length) {
  console.error(`\ncheck-bundle FAILED:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
console.log('check-bundle passed');
