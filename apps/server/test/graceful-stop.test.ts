import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC } from './helper';
import { scratchDatabase } from './support/scratch-database';

/**
 * A stop as systemd or Ctrl-C gives it: SIGTERM to the whole process group of a server started
 * as `npm start` runs it (npm and a shell each pass the signal on: it comes more than once), while a
 * 100,000-row export streams. The download finishes whole, a new request is refused with 503,
 * and the server ends by itself once it has drained. PostgreSQL only: the rows are written straight into it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ROWS = 100_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe.runIf(!!serverUrl)('a graceful stop', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let server: ChildProcess;
  let base = '';
  let exited: Promise<number | string | null>;
  let output = '';

  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!, 'wb_stop');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // as `npm start` runs it: npm, a shell and node (the compiled server), each passing the signal on
    server = spawn('npm', ['run', 'start', '-w', '@wb/server'], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      // its own process group, as a service manager starts it
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: scratch.url, DATA_DIR: ':memory:', CAPTCHA_ENABLED: 'false', SHUTDOWN_DRAIN_SECONDS: '60' },
    });
    server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
    for (let i = 0; ; i++) {
      const ready = await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 600) throw new Error('the server did not get ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    await db.query(`insert into param (tenant_id, param_name, param_key, param_value, remark) select '000000', 'p' || g, 'stop.' || g, 'v' || g, '' from generate_series(1, ${ROWS}) g`);
    await db.end();
  }, 120_000);

  afterAll(async () => {
    if (server?.exitCode === null && server.signalCode === null) process.kill(-server.pid!, 'SIGKILL');
    await scratch?.drop();
  });

  it('SIGTERM to the group during a streamed export: the file is whole, new requests get 503, the server ends by itself', async () => {
    const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: 'admin123', grant_type: 'password' });
    const token = ((await (await fetch(`${base}/us-auth/oauth/token?${q}`, { method: 'POST', headers: { authorization: BASIC } })).json()) as { access_token: string }).access_token;
    const headers = { 'saas-auth': `bearer ${token}`, 'tenant-id': '000000' };
    const download = await fetch(`${base}/us-system/param/export?paramKey=stop.`, { headers });
    expect(download.status).toBe(200);
    const reader = download.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);

    process.kill(-server.pid!, 'SIGTERM');
    // the download is not read for a while: the server's stream waits on it, under way when the signal comes
    await new Promise((r) => setTimeout(r, 1000));
    // a new request while it drains: refused, not routed
    const refused = await fetch(`${base}/health/ready`).then(
      (r) => r.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(refused);

    for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    // the header row and every row
    expect(book.worksheets[0].actualRowCount).toBe(ROWS + 1);
    // the server drained and ended by itself (npm, signalled too, ends by the signal)
    expect([0, 'SIGTERM']).toContain(await exited);
    expect(output).toContain('SIGTERM: draining');
    expect(output).not.toContain('the drain limit passed');
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  }, 180_000);
});
