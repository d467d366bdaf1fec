/**
 * The flow engine under load: 1,000 leave requests, each started by an employee, claimed and
 * approved by the approver, one after the other through the API (in-process, `inject`). Prints
 * the throughput (whole instances a second) and the median and p99 of each step, each beside the
 * same figures of a baseline measured in the same process: a signed-in read of one parameter
 * (the cheapest guarded call), so that the ratios compare across machines.
 * Run: npx tsx bench/flow.ts   (BENCH_FLOW overrides the count; DATABASE_URL runs it on a scratch
 * database of that PostgreSQL server)
 */
import { FLOW_PATHS, LEAVE_PROCESS_KEY } from '@wb/contracts/flow';
import { buildApp } from '../apps/server/src/app';
import { percentile, scratchDatabase } from './scratch-database';

const N = Number(process.env.BENCH_FLOW ?? 1000);
const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;

async function main() {
  const scratch = await scratchDatabase('bench_flow');
  const { app } = await buildApp({
    logger: false,
    config: { dataDir: ':memory:', databaseUrl: scratch.url, captchaEnabled: false, loginRateLimit: 1_000_000, flowTimerPollMs: 600_000 },
  });
  try {
    const login = async (account: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/us-auth/oauth/token',
        query: { tenantId: '000000', username: account, password: 'admin123', grant_type: 'password', scope: 'all' },
        headers: { authorization: BASIC },
      });
      const body = res.json() as { access_token: string; user_id: string };
      return { id: body.user_id, headers: { 'saas-auth': `bearer ${body.access_token}`, 'tenant-id': '000000' } };
    };
    const employee = await login('user');
    const approver = await login('admin');
    const call = async (who: { headers: Record<string, string> }, method: 'GET' | 'POST', url: string, body?: object) => {
      const started = performance.now();
      const res = await app.inject({ method, url, headers: who.headers, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
      const ms = performance.now() - started;
      const json = res.json() as { code: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
      if (json.code !== 200) throw new Error(`${url}: ${res.body}`);
      return { ms, data: json.data };
    };
    const { data: starts } = await call(employee, 'GET', FLOW_PATHS.startList, { current: '1', size: '10' });
    const leave = (starts.records as { id: string; key: string }[]).find((r) => r.key === LEAVE_PROCESS_KEY)!;

    const baseline: number[] = [];
    const steps = { start: [] as number[], claim: [] as number[], complete: [] as number[] };
    const began = performance.now();
    for (let i = 0; i < N; i++) {
      baseline.push((await call(approver, 'GET', '/us-system/param/detail', { paramKey: 'account.initPassword' })).ms);
      const started = await call(employee, 'POST', FLOW_PATHS.leaveStart, {
        processDefinitionId: leave.id,
        leaveType: '1',
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-02 09:00:00',
        reason: `请假 ${i}`,
        taskUser: approver.id,
      });
      steps.start.push(started.ms);
      // the approver's newest claimable task is this one (the list is newest first)
      const { data: claimable } = await call(approver, 'GET', FLOW_PATHS.claimList, { current: '1', size: '1' });
      const task = claimable.records[0] as { taskId: string; processInstanceId: string };
      if (task.processInstanceId !== started.data.processInstanceId) throw new Error('the newest task is not the new instance’s');
      steps.claim.push((await call(approver, 'POST', FLOW_PATHS.claimTask, { taskId: task.taskId })).ms);
      steps.complete.push((await call(approver, 'POST', FLOW_PATHS.completeTask, { taskId: task.taskId, pass: true, comment: '同意' })).ms);
    }
    const seconds = (performance.now() - began) / 1000;
    const b50 = percentile(baseline, 50);
    const b99 = percentile(baseline, 99);
    console.log(
      `flow: ${N} leave requests started, claimed and approved in ${seconds.toFixed(1)} s — ${(N / seconds).toFixed(1)} instances/s (${scratch.url ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(`baseline (a signed-in parameter read): p50 ${b50.toFixed(2)} ms, p99 ${b99.toFixed(2)} ms`);
    for (const [step, ms] of Object.entries(steps)) {
      const p50 = percentile(ms, 50);
      const p99 = percentile(ms, 99);
      console.log(
        `${step.padEnd(8)} p50 ${p50.toFixed(2).padStart(7)} ms (${(p50 / b50).toFixed(1)}× baseline)  p99 ${p99.toFixed(2).padStart(7)} ms (${(p99 / b99).toFixed(1)}× baseline)`,
      );
    }
  } finally {
    await app.close();
    await scratch.drop();
  }
}

await main();
