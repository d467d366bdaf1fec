import { defineConfig } from 'vitest/config';

// The pure parts (query building, value mapping, file names) need no DOM.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
