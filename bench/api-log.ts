/**
 * The API log's cost and its list at scale.
 *
 * 1. Throughput with API logging on and off, in the same process and on the same database: two
 *    servers (API_LOG on / off) answer the same signed-in calls, 8 at a time, in alternating
 *    rounds after a few left out for the JIT, each round until what it logged is written; prints
 *    each one's median requests a second and the median ratio of the paired rounds (target: on
 *    ≥ 90 % of off), for two workloads: the cheapest signed-in read (one parameter list call,
 *    where the log's fixed cost weighs most) and the calls the user page makes when it opens.
 * 2. The API log list at 1,000,000 rows (BENCH_API_LOG_ROWS): the rows are put in with one
 *    statement, then each of the list's usual searches is asked 200 times; prints p50 and p99 of
 *    each beside a baseline (a signed-in parameter read) measured in the same run (target on
 *    PostgreSQL: p99 ≤ 50 ms).
 * Run: npx tsx bench/api-log.ts   (DATABASE_URL runs it on a scratch database of that PostgreSQL server)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import type { RequestLog } from '../apps/server/src/platform/request-log';
import { percentile, scratchDatabase } from './scratch-database';

const ROWS = Number(process.env.BENCH_API_LOG_ROWS ?? 1_000_000);
/** rounds left out while the JIT settles */
const WARM_ROUNDS = 3;
type Call = [url: string, query: Record<string, string>];
/** what each side answers, round after round: the calls in turn, `perRound` of them a round */
const WORKLOADS: { name: string; calls: Call[]; rounds: number; perRound: number }[] = [
  { name: 'the cheapest read (param/list)', calls: [['/us-system/param/list', { current: '1', size: '10' }]], rounds: 40, perRound: 3000 },
  {
    name: 'the user page (users, depts, a dictionary)',
    calls: [
      ['/us-user/page', { current: '1', size: '10' }],
      ['/us-system/dept/tree', {}],
      ['/us-system/dict/dictionary', { code: 'sex' }],
    ],
    rounds: 16,
    perRound: 1500,
  },
];
const PARALLEL = 8;
const ASKS = 200;
const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;

async function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/us-auth/oauth/token',
    query: { tenantId: '000000', username: 'admin', password: 'admin123', grant_type: 'password', scope: 'all' },
    headers: { authorization: BASIC },
  });
  return { 'saas-auth': `bearer ${(res.json() as { access_token: string }).access_token}`, 'tenant-id': '000000' };
}

async function timed(app: FastifyInstance, headers: Record<string, string>, url: string, query: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, query, headers });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return ms;
}

interface Side {
  app: FastifyInstance;
  headers: Record<string, string>;
  log: RequestLog;
}

/**
 * Requests a second of a side answering `perRound` of `calls`, PARALLEL at a time, until what
 * they logged is written: the log's writes count in its own rounds, and none is left to run (on
 * the same database) during the other side's.
 */
async function throughput(side: Side, calls: Call[], perRound: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let i = next++; i < perRound; i = next++) await timed(side.app, side.headers, ...calls[i % calls.length]);
    }),
  );
  await side.log.flush();
  return perRound / ((performance.now() - started) / 1000);
}

async function main() {
  const scratch = await scratchDatabase('bench_api_log');
  const config = { dataDir: ':memory:', databaseUrl: scratch.url, captchaEnabled: false, loginRateLimit: 1_000_000 };
  const logged = await buildApp({ logger: false, config: { ...config, apiLog: true } });
  // the second server shares the first's database, without the log
  const plain = await buildApp({ logger: false, database: logged.ctx.database, config: { ...config, apiLog: false } });
  try {
    const on: Side = { app: logged.app, headers: await signIn(logged.app), log: logged.ctx.requestLog };
    const off: Side = { app: plain.app, headers: await signIn(plain.app), log: plain.ctx.requestLog };
    const where = scratch.url ? 'PostgreSQL' : 'PGlite';
    const median = (xs: number[]) => percentile(xs, 50);
    for (const { name, calls, rounds, perRound } of WORKLOADS) {
      for (let round = 0; round < WARM_ROUNDS; round++) for (const side of [on, off]) await throughput(side, calls, perRound);
      const rates = new Map<Side, number[]>([
        [on, []],
        [off, []],
      ]);
      for (let round = 0; round < rounds; round++) {
        // alternating which goes first: a machine that slows down mid-run weighs on both alike
        for (const side of round % 2 ? [off, on] : [on, off]) rates.get(side)!.push(await throughput(side, calls, perRound));
      }
      const [onRates, offRates] = [rates.get(on)!, rates.get(off)!];
      // each round's pair ran back to back: the median of their ratios leaves out the machine's drift between rounds
      const ratio = median(onRates.map((r, i) => r / offRates[i]));
      console.log(
        `api log, ${name}: on ${median(onRates).toFixed(0)} req/s, off ${median(offRates).toFixed(0)} req/s; on / off = ${(ratio * 100).toFixed(1)} % ` +
          `(${where}, ${PARALLEL} at a time, median of ${rounds} paired rounds; target ≥ 90 %)`,
      );
    }
    console.log(`api log: rows dropped ${logged.ctx.requestLog.dropped}`);

    // a million rows of the log, spread over 30 days, a tenth of them failures, a few users and addresses
    const db = logged.ctx.database.logs;
    const began = performance.now();
    await db.execute(sql`
      insert into api_log (tenant_id, user_id, account, service_id, server_host, method, request_uri, route, status, duration_ms, remote_ip, user_agent, params, request_id, create_time)
      select case when i % 5 = 1 then '100001' else '000000' end, 1, 'user' || (i % 50), 'workbench', 'bench', case when i % 3 = 0 then 'POST' else 'GET' end,
             '/us-system/thing-' || (i % 200) || '/list', '/us-system/thing/list', case when i % 10 = 0 then 500 when i % 7 = 0 then 400 else 200 end,
             i % 300, '10.0.' || (i % 250) || '.1', 'bench', '{}', md5(i::text), now() - (i % 2592000) * interval '1 second'
      from generate_series(1, ${ROWS}) as i`);
    await db.execute(sql`analyze api_log`);
    console.log(`api log: ${ROWS.toLocaleString('en')} rows put in ${((performance.now() - began) / 1000).toFixed(1)} s`);

    const baseline: number[] = [];
    for (let i = 0; i < ASKS; i++) baseline.push(await timed(on.app, on.headers, '/us-system/param/detail', { paramKey: 'account.initPassword' }));
    const searches: [string, Record<string, string>][] = [
      ['first page', {}],
      ['page 50', { current: '50' }],
      ['failed (status 500)', { status: '500' }],
      ['by user', { account: 'user7' }],
      ['by address (like)', { requestUri: 'thing-42/' }],
      ['last hour', {}],
      ['by request id', { requestId: 'c4ca4238a0b923820dcc509a6f75849b' }],
    ];
    const hourAgo = new Date(Date.now() - 3600_000);
    const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const b99 = percentile(baseline, 99);
    console.log(`baseline (a signed-in parameter read): p50 ${percentile(baseline, 50).toFixed(2)} ms, p99 ${b99.toFixed(2)} ms`);
    for (const [name, query] of searches) {
      const q = name === 'last hour' ? { createTime_dategt: fmt(hourAgo) } : query;
      const ms: number[] = [];
      for (let i = 0; i < ASKS; i++) ms.push(await timed(on.app, on.headers, '/us-log/api/list', { current: '1', size: '10', ...q }));
      const p99 = percentile(ms, 99);
      console.log(`list ${name.padEnd(22)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms (${(p99 / b99).toFixed(1)}× baseline)`);
    }
  } finally {
    await plain.app.close();
    await logged.app.close();
    await scratch.drop();
  }
}

await main();
