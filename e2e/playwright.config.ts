import { defineConfig } from '@playwright/test';
import { MAIN_PORT, baseUrl } from './support/servers';

/**
 * End-to-end scenarios against the real server serving the built shell, in
 * Debian's Chromium (never a downloaded browser). Run from the repository
 * root: `npx playwright test -c e2e`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Its own folder per concurrent run (Playwright empties it at the start).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './global-setup.ts',
  // One shared database per run; the specs create their own rows but run one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry: a scenario that fails and then passes is reported as flaky (and counted so by
  // scripts/test.sh), not hidden; its first run keeps a trace in the output folder to find out why.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: baseUrl(MAIN_PORT),
    headless: true,
    viewport: { width: 1366, height: 800 },
    locale: 'zh-CN',
    // As a user who asked the system for less motion: antd then opens menus, dropdowns and
    // dialogs at once, so a click never lands on one still sliding into place.
    // theme.spec.ts checks both settings.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-first-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
