/**
 * The product as the browser benchmarks run it (instant.ts, micro-apps.ts): the real
 * server serving the built shell from its own process group, on a fresh embedded
 * database in a scratch folder, and the quantile both report with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export interface ProductServer {
  base: string;
  dataDir: string;
  /** resolves once /health answers (within 2 minutes) */
  healthy(): Promise<void>;
  stop(): Promise<void>;
}

/** A port for a benchmark's server: random, so two runs on one machine rarely collide. */
export const randomPort = () => 19_000 + Math.floor(Math.random() * 900);

/**
 * Starts the server (on `port`, else a random one); `env` adds to or overrides its settings
 * (SHELL_DIR, CORS_ORIGINS …), given the scratch folder.
 */
export function startProductServer(name: string, { port = randomPort(), env = () => ({}) }: { port?: number; env?: (dataDir: string) => Record<string, string> } = {}): ProductServer {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `wb-bench-${name}-`));
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_ENABLED: 'false',
      LOGIN_RATE_LIMIT: '100000',
      DATABASE_URL: '',
      ...env(dataDir),
    },
  });
  return {
    base,
    dataDir,
    healthy: async () => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const up = await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 300));
      }
      throw new Error('the server did not start');
    },
    stop: async () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value at quantile `q` (0.5 the median) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
