import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, type ServerSpec } from './servers';

/** Starting and stopping a real server process (global-setup.ts; the specs that kill one). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const logDir = join(root, 'e2e', '.server-logs');

export interface Started {
  spec: ServerSpec;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
}

/** The server on `dataDir` (embedded database on disk), in a process group of its own, its output in a log (`again`: added to the last one's). */
export function spawnServer(spec: ServerSpec, dataDir: string, again = false): Started {
  const logFile = join(logDir, `${spec.name}-${spec.port}.log`);
  const log = openSync(logFile, again ? 'a' : 'w');
  // the compiled server, as production runs it (global-setup.ts builds it)
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
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
      // The stand-ins the specs configure (an SMS provider, a bucket, sub-app fixtures, a datasource
      // on the test database) listen on this machine, where tenants' configurations may not reach unless allowed.
      OUTBOUND_ALLOW: ['127.0.0.1', 'localhost', process.env.TEST_DATABASE_URL && new URL(process.env.TEST_DATABASE_URL).hostname].filter(Boolean).join(','),
      ...spec.env,
    },
  });
  return { spec, child, dataDir, logFile };
}

export async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl(port)}/health`);
    return res.ok;
  } catch {
    return false;
  }
}

export async function waitUntilHealthy(server: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    if (await healthy(server.spec.port)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  const log = existsSync(server.logFile) ? readFileSync(server.logFile, 'utf8').slice(-3000) : '';
  throw new Error(`server '${server.spec.name}' on ${server.spec.port} did not become healthy:\n${log}`);
}

/** SIGTERM (a graceful stop, SIGKILL after 5 s), or SIGKILL at once: a crash, as a killed container has. */
export function stopServer(server: Started, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null || !server.child.pid) return done();
    server.child.once('exit', () => done());
    // the whole group: what the server started goes with it
    process.kill(-server.child.pid, signal);
    setTimeout(() => {
      if (server.child.exitCode === null && server.child.signalCode === null && server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
      done();
    }, 5000).unref();
  });
}
