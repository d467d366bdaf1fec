import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureOrigin } from './support/fixture-origin';
import { healthy, logDir, root, spawnServer, stopServer, waitUntilHealthy, type Started } from './support/server-process';
import { FIXTURE_PORT, SERVERS } from './support/servers';

/**
 * Builds the shell and the server (compiled, as production runs it), then starts the real server (embedded database in a fresh
 * temporary folder) once per entry of SERVERS, and stops them after the run.
 * The server serves apps/shell/dist, so the browser tests the built shell.
 * E2E_SKIP_BUILD=1 reuses an existing build.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(root, 'apps/shell/dist/index.html'))) {
    execSync('npm run build -w @wb/shell', { cwd: root, stdio: 'inherit' });
  }
  // the compiled server (a second; nothing when its sources have not changed)
  execSync('node scripts/build-if-changed.mjs server', { cwd: root, stdio: 'inherit' });
  // The server publishes the sub-apps it finds built when it starts (micro-apps specs mount them).
  for (const [dir, workspace] of [
    ['apps/subapps/coredata', '@wb/coredata'],
    ['apps/subapps/vue-fixture', '@wb/vue-fixture'],
    ['apps/subapps/vue2-fixture', '@wb/vue2-fixture'],
    ['apps/subapps/react17-fixture', '@wb/react17-fixture'],
  ]) {
    if (!existsSync(join(root, dir, 'dist/index.html'))) execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  }
  for (const spec of SERVERS) {
    if (await healthy(spec.port)) throw new Error(`port ${spec.port} is already serving; stop that server first`);
  }
  mkdirSync(logDir, { recursive: true });
  const started: Started[] = SERVERS.map((spec) => spawnServer(spec, mkdtempSync(join(tmpdir(), `wb-e2e-${spec.name}-`))));
  let stopFixtures: (() => Promise<void>) | undefined;
  try {
    stopFixtures = await startFixtureOrigin(root, FIXTURE_PORT);
    // E2E_SERVER_START_MS: a loaded machine (several servers migrating and seeding at once) may need longer
    await Promise.all(started.map((server) => waitUntilHealthy(server, Number(process.env.E2E_SERVER_START_MS) || 120_000)));
  } catch (error) {
    await Promise.all(started.map((server) => stopServer(server)));
    await stopFixtures?.();
    throw error;
  }
  return async () => {
    await stopFixtures?.();
    await Promise.all(started.map((server) => stopServer(server)));
    for (const server of started) rmSync(server.dataDir, { recursive: true, force: true });
  };
}
