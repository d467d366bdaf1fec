import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // each file opens its own database (PGlite needs ~5 s to start): generous hooks, two workers on two cores
    hookTimeout: 120_000,
    testTimeout: 60_000,
    maxWorkers: 2,
  },
});
