import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { spawnServer, stopServer, waitUntilHealthy, type Started } from './server-process';
import { baseUrl, type ServerSpec } from './servers';

/**
 * A server of the spec file's own (what it publishes would greet every other scenario's user),
 * on a fresh embedded database: started before its tests, stopped after them, and their base URL.
 * Answers that URL.
 */
export function ownServer(spec: ServerSpec): string {
  let dataDir: string;
  let server: Started;
  const base = baseUrl(spec.port);
  test.use({ baseURL: base });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(join(tmpdir(), `wb-e2e-${spec.name}-`));
    server = spawnServer(spec, dataDir);
    await waitUntilHealthy(server, 120_000);
  });
  test.afterAll(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return base;
}
