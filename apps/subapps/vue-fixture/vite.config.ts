import { defineConfig } from 'vite';

/**
 * A second sub-app in another framework (Vue 3, render functions: no SFC
 * compiler needed). Built under /subapps/vue-fixture/; the dev server answers
 * on 5175 at its root.
 */
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/subapps/vue-fixture/' : '/',
  server: { port: 5175, strictPort: true, cors: true },
  preview: { port: 5175, cors: true },
}));
