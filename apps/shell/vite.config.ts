import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Service prefixes the dev server forwards to the local API server. */
const API_PREFIXES = ['/us-auth', '/us-system', '/us-user', '/us-log', '/us-resource', '/wwy-us-mdm', '/health', '/docs', '/us'];
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

/** Beside dist, not in it: the server publishes dist, and the graph is for the build check only. */
export const BUNDLE_GRAPH_FILE = 'build-stats/bundle-graph.json';

/**
 * Records which modules each output chunk holds and the static import graph, so
 * scripts/check-bundle.mjs can prove from the built output (not the source) that
 * the entry chunk holds only modules the entry imports statically. Bundlers have
 * hoisted lazy-only modules into the entry before.
 */
function bundleGraph(): Plugin {
  let root = process.cwd();
  // Ids are written relative to the app so the file exposes no build-machine paths.
  const rel = (id: string) => (id.startsWith('\0') ? id : relative(root, id).split('\\').join('/'));
  return {
    name: 'wb-bundle-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks[out.fileName] = {
          isEntry: out.isEntry,
          isDynamicEntry: out.isDynamicEntry,
          facadeModuleId: out.facadeModuleId ? rel(out.facadeModuleId) : null,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: out.moduleIds.map(rel),
          // Rendered (minified, before gzip) bytes per module, to explain a chunk's size.
          renderedBytes: Object.fromEntries(Object.entries(out.modules).map(([id, m]) => [rel(id), m.renderedLength])),
        };
      }
      const modules: Record<string, { imports: string[]; dynamicImports: string[] }> = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        modules[rel(id)] = {
          imports: info.importedIds.map(rel),
          dynamicImports: info.dynamicallyImportedIds.map(rel),
        };
      }
      mkdirSync(dirname(join(root, BUNDLE_GRAPH_FILE)), { recursive: true });
      writeFileSync(join(root, BUNDLE_GRAPH_FILE), JSON.stringify({ chunks, modules }));
    },
  };
}

/**
 * Groups the login route's modules into few chunks: the entry's static graph
 * ('entry-deps'), and what only the login page adds ('request', 'login-deps').
 * Left alone, Rollup splits the login page's dependencies into a dozen small
 * chunks, one per set of lazy pages sharing them, and each gzips worse on its
 * own: /login went from 229.1 KB to 226.3 KB gzipped with this (measured).
 * The entry and the login page import antd by deep paths, so this static
 * graph is the real one (antd's index reaches every component). Pages that
 * need Form or Input load 'login-deps' once; nothing is loaded twice.
 */
type ChunkMeta = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null; getModuleIds: () => IterableIterator<string> };

function loginChunk(): (id: string, meta: ChunkMeta) => string | undefined {
  let loginOnly: Set<string> | undefined;
  let entryDeps: Set<string> | undefined;
  const closure = (start: string, getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!loginOnly || !entryDeps) {
      const ids = [...getModuleIds()];
      const find = (tail: string) => ids.find((m) => m.endsWith(tail));
      const loginPage = find('/src/features/auth/login-page.tsx');
      const main = find('/src/main.tsx');
      if (!loginPage || !main) throw new Error('loginChunk: the login page or main.tsx is not in the module graph');
      const entry = closure(main, getModuleInfo);
      loginOnly = new Set([...closure(loginPage, getModuleInfo)].filter((m) => !entry.has(m) && m !== loginPage));
      entryDeps = new Set([...entry].filter((m) => m !== main));
    }
    // The entry's own modules are named too: Rollup moves unassigned dependencies of a
    // manual chunk into it, which would pull React into the login chunk.
    if (entryDeps.has(id)) return 'entry-deps';
    if (!loginOnly.has(id)) return undefined;
    // The request client (axios and the shell's own modules) apart from the form
    // components: every signed-in page needs the first, not all need the second.
    return id.includes('/node_modules/axios/') || !id.includes('/node_modules/') ? 'request' : 'login-deps';
  };
}

/**
 * react-router 7 resolves to its development build under every export
 * condition; production builds use its production build (no dev warnings,
 * tens of KB smaller in the entry chunk).
 */
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ command }) => ({
  plugins: [react(), bundleGraph()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }] : [],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`^${prefix}(/|$)`, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    // The per-route budget is enforced by scripts/check-bundle.mjs instead.
    chunkSizeWarningLimit: 2000,
    rollupOptions: { output: { manualChunks: loginChunk() } },
  },
}));
