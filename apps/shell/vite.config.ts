import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Service prefixes the dev server forwards to the local API server. */
const API_PREFIXES = ['/us-auth', '/us-system', '/us-user', '/us-log', '/us-resource', '/us-flow', '/us-desk', '/wwy-us-mdm', '/health', '/docs', '/us'];
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
    // after Vite has dropped the chunks that held only CSS (the login and lock documents share some)
    enforce: 'post',
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

/** Pages that are documents of their own (pre-rendered by scripts/prerender.mjs), each with its entry. */
const DOCUMENT_PAGES = ['login', 'lock'];

/** The development server answers those pages with their documents, as the built server does. */
function pageDocuments(): Plugin {
  return {
    name: 'wb-page-documents',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const page = DOCUMENT_PAGES.find((name) => req.url === `/${name}` || req.url?.startsWith(`/${name}?`));
        if (page && req.url) req.url = `/${page}.html${req.url.slice(page.length + 1)}`;
        next();
      });
    },
  };
}

/**
 * react-router 7 resolves to its development build under every export
 * condition; production builds use its production build (no dev warnings,
 * tens of KB smaller in the entry chunk).
 */
const appDir = dirname(fileURLToPath(import.meta.url));

const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ command }) => ({
  plugins: [react(), bundleGraph(), pageDocuments()],
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
    rollupOptions: { input: { main: join(appDir, 'index.html'), ...Object.fromEntries(DOCUMENT_PAGES.map((name) => [name, join(appDir, `${name}.html`)])) } },
  },
}));
