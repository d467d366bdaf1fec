import { defineConfig } from 'vitest/config';

// The pure parts (query building, value mapping, file names) run in node; the
// component tests (*.test.tsx) in jsdom, where antd's first render is slow.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    setupFiles: ['src/test/setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      { extends: true, test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'], testTimeout: 30_000 } },
    ],
  },
});
