import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureOrigin } from './support/fixture-origin';
import { FIXTURE_PORT, SERVERS, baseUrl, type ServerSpec } from './support/servers';

/**
 * Builds the shell, then starts the real server (embedded database in a fresh
 * temporary folder) once per entry of SERVERS, and stops them after the run.
 * The server serves apps/shell/dist, so the browser tests the built shell.
 * E2E_SKIP_BUILD=1 reuses an existing build.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, 'e2e', '.server-logs');

interface Started {
  spec: ServerSpec;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl(port)}/health`);
    return res.ok;
  } catch {
    return false;
  }
}

async function waitUntilHealthy(server: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    if (await healthy(server.spec.port)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  const log = existsSync(server.logFile) ? readFileSync(server.logFile, 'utf8').slice(-3000) : '';
  throw new Error(`server '${server.spec.name}' on ${server.spec.port} did not become healthy:\n${log}`);
}

function stop(server: Started): Promise<void> {
  return new Promise((done) => {
    if (server.child.exitCode !== null || !server.child.pid) return done();
    server.child.once('exit', () => done());
    // The server was started in its own process group (tsx runs node as a child).
    process.kill(-server.child.pid, 'SIGTERM');
    setTimeout(() => {
      if (server.child.exitCode === null && server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
      done();
    }, 5000).unref();
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(root, 'apps/shell/dist/index.html'))) {
    execSync('npm run build -w @wb/shell', { cwd: root, stdio: 'inherit' });
  }
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
  const started: Started[] = SERVERS.map((spec) => {
    const dataDir = mkdtempSync(join(tmpdir(), `wb-e2e-${spec.name}-`));
    const logFile = join(logDir, `${spec.name}-${spec.port}.log`);
    const log = openSync(logFile, 'w');
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(spec.port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Every test logs in; the per-IP login limit is not under test here.
        LOGIN_RATE_LIMIT: '1000',
        ...spec.env,
      },
    });
    return { spec, child, dataDir, logFile };
  });
  let stopFixtures: (() => Promise<void>) | undefined;
  try {
    stopFixtures = await startFixtureOrigin(root, FIXTURE_PORT);
    await Promise.all(started.map((server) => waitUntilHealthy(server, 120_000)));
  } catch (error) {
    await Promise.all(started.map(stop));
    await stopFixtures?.();
    throw error;
  }
  return async () => {
    await stopFixtures?.();
    await Promise.all(started.map(stop));
    for (const server of started) rmSync(server.dataDir, { recursive: true, force: true });
  };
}
