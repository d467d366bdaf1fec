import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the unit tests cover the pure parts and need no DOM.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
