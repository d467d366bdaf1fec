import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The master-data sub-application, built on its own. The server publishes dist/
 * under /subapps/coredata/ (with CORS, so a shell on another origin can fetch
 * it for wujie); the dev server answers on 5174 and forwards the API to :8080.
 */
export const BASE = '/subapps/coredata/';
const API_PREFIXES = ['/us-auth', '/us-system', '/us-user', '/us-resource', '/wwy-us-mdm'];
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

// react-router 7 resolves to its development build under every condition (see apps/shell/vite.config.ts).
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ command }) => ({
  // The dev server answers at its root (http://localhost:5174/) and, through the SPA fallback, under BASE too.
  base: command === 'build' ? BASE : '/',
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }] : [],
    // one React and one antd, also for the workspace packages' sources
    dedupe: ['react', 'react-dom', 'antd', '@ant-design/pro-components', 'i18next', 'react-i18next'],
  },
  server: {
    port: 5174,
    strictPort: true,
    // a shell on 5173 (or the server) fetches the app's HTML and scripts for wujie
    cors: true,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`^${prefix}(/|$)`, { target: API_TARGET, changeOrigin: true }])),
  },
  preview: { port: 5174, cors: true },
  build: {
    chunkSizeWarningLimit: 2000,
    // Preload links would go into the host page's document (inside wujie), where the
    // base path may point at the shell's origin; chunks load from the importing module's URL anyway.
    modulePreload: false,
  },
}));
