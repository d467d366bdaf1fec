/**
 * Time from starting the server to its first served request: on a fresh data
 * folder (migrate + seed) and again on the same folder (a normal restart); and the
 * server's resident memory a few seconds after each, which on the embedded database
 * should not depend on whether the folder was new (a new folder once kept ~500 MB more:
 * pglite-thread.ts).
 * Then `npm start` itself on this unchanged checkout: the build step finds nothing to build
 * (scripts/build-if-changed.mjs) and the server starts on the existing folder.
 * Run: npx tsx bench/startup.ts      targets: under 10 s; `npm start` unchanged under 5 s
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { residentMb } from './scratch-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wb-startup-'));
const SETTLE_MS = 5000;
const port = 18000 + Math.floor(Math.random() * 900);

async function timeStart(label: string, command = [process.execPath, '--enable-source-maps', 'apps/server/dist/main.mjs'], target = 10): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    stdio: 'ignore',
    // its own process group: the stop reaches npm's children too
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error(`${label}: no answer within 60 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const verdict = `${label.padEnd(34)} ${seconds.toFixed(2)} s  ${seconds < target ? 'met' : 'MISSED'} (target < ${target} s)`;
    // what it keeps once started (the server's own process only): the start-up's garbage had a few seconds to go
    if (command[0] !== process.execPath) console.log(verdict);
    else {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      console.log(`${verdict}; resident ${residentMb(child.pid!).toFixed(0)} MB after ${SETTLE_MS / 1000} s`);
    }
    return seconds;
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// the compiled server, as production runs it
spawnSync(process.execPath, ['scripts/build-if-changed.mjs', 'server'], { cwd: root, stdio: 'ignore' });
try {
  await timeStart('first start (migrate + seed)');
  await timeStart('restart on existing data');
  // the build step's first run on this checkout builds what is missing: not timed
  spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: root, stdio: 'ignore' });
  await timeStart('npm start, checkout unchanged', ['npm', 'start'], 5);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
