/**
 * The download centre's export of the 100,000-row parameter list: the job's time from queueing
 * to its file being offered, and the server's peak resident memory meanwhile (targets: under
 * 15 s, under 300 MB). Each figure is printed beside a baseline of the same run: the direct
 * streamed export (`GET /export`) of the same rows, and the server's memory at rest. Each export
 * runs on a server process of its own, started afresh, so neither inherits the heap the other grew.
 * Run: npx tsx bench/export.ts   (BENCH_PARAMS overrides the row count; DATABASE_URL runs it on
 * a scratch database of that PostgreSQL server)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { residentMb } from './scratch-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const basic = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;

interface Server {
  base: string;
  headers: Record<string, string>;
  /** the rows to export */
  total: number;
  /** what the server holds at rest, after the seeding's garbage is gone, MB */
  idleMb: number;
  measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }>;
}

/** Runs `run` against a fresh bench server (bench/server.ts), stopped afterwards. */
async function onFreshServer<T>(run: (server: Server) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    // the organisation rows of bench/server.ts are not what this measures: a token few of them
    env: { ...process.env, BENCH_JWT_SECRET: randomBytes(32).toString('hex'), BENCH_USERS: '10', BENCH_DEPTS: '100' },
  });
  try {
    const ports = await new Promise<{ app: number; rows: number }>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l) as { app: number; rows: number }));
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${ports.app}`;
    const rss = () => residentMb(child.pid!);
    const login = await fetch(`${base}/us-auth/oauth/token?tenantId=000000&username=admin&password=admin123&grant_type=password`, { method: 'POST', headers: { authorization: basic } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { 'saas-auth': `bearer ${token}`, 'tenant-id': '000000' };
    const total = ((await (await fetch(`${base}/us-system/param/list?current=1&size=1`, { headers })).json()) as { data: { total: number } }).data.total;
    await new Promise((r) => setTimeout(r, 2000));
    const idleMb = rss();
    /** runs `work` while sampling the server's memory every 20 ms: its time and the highest sample */
    async function measured<R>(work: () => Promise<R>) {
      let peakMb = rss();
      const timer = setInterval(() => (peakMb = Math.max(peakMb, rss())), 20);
      const started = performance.now();
      try {
        const result = await work();
        return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peakMb, rss()) };
      } finally {
        clearInterval(timer);
      }
    }
    return await run({ base, headers, total, idleMb, measured });
  } finally {
    child.kill('SIGTERM');
  }
}

/** Rows of an .xlsx's first sheet, read as a stream, the header left out. */
async function rowCount(body: ReadableStream<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.fromWeb(body as never), { worksheets: 'emit', sharedStrings: 'cache' })) {
    for await (const _row of sheet) n++;
  }
  return n - 1;
}

const direct = await onFreshServer(async ({ base, headers, total, idleMb, measured }) => ({
  total,
  idleMb,
  ...(await measured(async () => rowCount((await fetch(`${base}/us-system/param/export`, { headers })).body!))),
}));
const job = await onFreshServer(async ({ base, headers, total, idleMb, measured }) => {
  const run = await measured(async () => {
    const started = (await (await fetch(`${base}/us-system/param/export-job`, { method: 'POST', headers })).json()) as { data: { id: string } };
    for (;;) {
      const list = (await (await fetch(`${base}/us-resource/base/download/downloadList?current=1&size=10`, { headers })).json()) as {
        data: { records: { id: string; jobStatus: number; fileUrl: string; fileSize: number }[] };
      };
      const found = list.data.records.find((r) => r.id === started.data.id)!;
      if (found.jobStatus === -1) throw new Error('the export failed');
      if (found.jobStatus === 3) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  const file = await fetch(`${base}${run.result.fileUrl}`);
  return { ...run, total, idleMb, rows: await rowCount(file.body!) };
});
const total = job.total;
if (direct.result !== total || job.rows !== total) throw new Error(`expected ${total} rows, the direct export has ${direct.result}, the job's file ${job.rows}`);

const mb = (n: number) => `${n.toFixed(0)} MB`;
console.log(`export of ${total.toLocaleString('en')} parameters (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}); server at rest ${mb(direct.idleMb)} and ${mb(job.idleMb)}`);
console.table([
  {
    run: 'direct GET /export (baseline)',
    seconds: direct.seconds.toFixed(2),
    'rows/s': Math.round(total / direct.seconds),
    'peak RSS': mb(direct.peakMb),
    'peak / at rest': (direct.peakMb / direct.idleMb).toFixed(2),
    'time / baseline': '1.00',
  },
  {
    run: 'download-centre job',
    seconds: job.seconds.toFixed(2),
    'rows/s': Math.round(total / job.seconds),
    'peak RSS': mb(job.peakMb),
    'peak / at rest': (job.peakMb / job.idleMb).toFixed(2),
    'time / baseline': (job.seconds / direct.seconds).toFixed(2),
  },
]);
console.log(
  `job file ${(job.result.fileSize / 1024 / 1024).toFixed(1)} MB; targets: under 15 s (${job.seconds < 15 ? 'met' : 'MISSED'}), peak under 300 MB (${job.peakMb < 300 ? 'met' : 'MISSED'})`,
);
