/**
 * What a hostile tenant's budget cases cost everyone else (issue 30): a tenant administrator of
 * 100001 sends work built to exhaust the server while an administrator of 000000 reads one
 * parameter again and again (the cheapest guarded call). For each attack the bench prints how long
 * the server took to fail it with its clear message, and the other tenant's p50 / p99 meanwhile,
 * beside the same figures with no attack, measured in the same run over real HTTP.
 * Run: npx tsx bench/hostile.ts   (DATABASE_URL runs it on a scratch database of that PostgreSQL server)
 */
import type { AddressInfo } from 'node:net';
import { FLOW_PATHS } from '@wb/contracts/flow';
import { buildApp } from '../apps/server/src/app';
import { bigDeployment, neverWaits } from '../apps/server/test/support/hostile-bpmn';
import { inlineCellBomb } from '../apps/server/test/support/hostile-xlsx';
import type { Db } from '../apps/server/src/db/client';
import { flowDefinition, flowDeployment } from '../apps/server/src/db/schema/index';
import { FLOW_BUDGET } from '../apps/server/src/platform/flow/budgets';
import { percentile, scratchDatabase } from './scratch-database';

const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** how long the undisturbed baseline is sampled */
const BASELINE_MS = 5000;

interface Envelope {
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
}

async function main() {
  const scratch = await scratchDatabase('bench_hostile');
  const { app, ctx } = await buildApp({
    logger: false,
    config: { dataDir: ':memory:', databaseUrl: scratch.url, captchaEnabled: false, loginRateLimit: 1_000_000, flowTimerPollMs: 600_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = async (tenantId: string, username = 'admin') => {
      const res = await fetch(`${base}/us-auth/oauth/token?${new URLSearchParams({ tenantId, username, password: 'admin123', grant_type: 'password', scope: 'all' })}`, {
        method: 'POST',
        headers: { authorization: BASIC },
      });
      const body = (await res.json()) as { access_token: string; user_id: string };
      return { id: body.user_id, headers: { 'saas-auth': `bearer ${body.access_token}`, 'tenant-id': tenantId } };
    };
    const victim = await login('000000');
    const attacker = await login('100001');
    const applicant = await login('100001', 'user');
    const call = async (who: { headers: Record<string, string> }, path: string, init: RequestInit = {}): Promise<Envelope> => {
      const res = await fetch(`${base}${path}`, { ...init, headers: { ...who.headers, ...(init.headers as Record<string, string>) } });
      return (await res.json()) as Envelope;
    };

    /** The other tenant's reads, one after another, while `attack` runs; its result and how long it took. */
    const whileReading = async <T>(attack: () => Promise<T>) => {
      const times: number[] = [];
      let reading = true;
      const reader = (async () => {
        while (reading) {
          const started = performance.now();
          const res = await fetch(`${base}/us-system/param/detail?paramKey=account.initPassword`, { headers: victim.headers });
          await res.arrayBuffer();
          times.push(performance.now() - started);
        }
      })();
      const started = performance.now();
      try {
        const result = await attack();
        return { result, ms: performance.now() - started, times };
      } finally {
        reading = false;
        await reader;
      }
    };
    const figures = (times: number[]) => `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} reads)`;

    const idle = await whileReading(() => new Promise((r) => setTimeout(r, BASELINE_MS)));
    console.log(`hostile tenant (${scratch.url ? 'PostgreSQL' : 'PGlite'}); the other tenant's read with no attack: ${figures(idle.times)}`);
    const report = (name: string, run: { ms: number; times: number[] }, said: string) =>
      console.log(`${name.padEnd(17)} failed in ${(run.ms / 1000).toFixed(2)} s ('${said.slice(0, 50)}…'); the other tenant meanwhile: ${figures(run.times)}`);

    // the loop: a process that never waits, as an older build deployed it (today's deploy check refuses it), started by a plain user
    const loopId = await olderDefinition(ctx.database.db, neverWaits('BenchLoop'));
    const loop = await whileReading(() =>
      call(applicant, FLOW_PATHS.leaveStart, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ processDefinitionId: loopId, leaveType: '1', startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 09:00:00', reason: '循环', taskUser: attacker.id }),
      }),
    );
    report('the loop', loop, loop.result.msg);

    // the big deployment: ten files of 1.9 MB, refused by their size as they arrive
    const bigFiles = await deployment(Array.from({ length: 10 }, (_, i): [string, string] => [`big-${i}.bpmn`, bigDeployment(`Big${i}`)]));
    const big = await whileReading(() => call(attacker, FLOW_PATHS.managerDeployUpload, bigFiles));
    report('big deployment', big, big.result.msg);

    // the largest deployment accepted: ten files just under the limit, parsed on the worker thread
    const largeFiles = await deployment(Array.from({ length: 10 }, (_, i): [string, string] => [`large-${i}.bpmn`, bigDeployment(`Large${i}`, FLOW_BUDGET.fileBytes - 4096)]));
    const largest = await whileReading(() => call(attacker, FLOW_PATHS.managerDeployUpload, largeFiles));
    console.log(`${'10 files of 508 KB'.padEnd(17)} deployed in ${(largest.ms / 1000).toFixed(2)} s ('${largest.result.msg}'); the other tenant meanwhile: ${figures(largest.times)}`);

    // the bomb: one 200 MB cell in a few hundred KB, refused before anything is unzipped
    const bombFile = new Blob([new Uint8Array(await inlineCellBomb(200 * 1024 * 1024))], { type: XLSX });
    const bomb = await whileReading(async () => {
      const form = new FormData();
      form.append('file', bombFile, 'bomb.xlsx');
      const sent = await call(attacker, '/us-system/param/import-job?projectId=-1', { method: 'POST', body: form });
      if (sent.code !== 200) return sent.msg;
      for (;;) {
        const job = await call(attacker, `/us-resource/file-import/getById?id=${sent.data.id}`);
        if (job.data.status === 1) return String(job.data.errorMsg);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    report('spreadsheet bomb', bomb, bomb.result);
  } finally {
    await app.close();
    await scratch.drop();
  }
}

/** A definition of tenant 100001 written straight to the database, as a build before the deploy check stored it. */
async function olderDefinition(db: Db, xml: string): Promise<string> {
  const [deployment] = await db.insert(flowDeployment).values({ tenantId: '100001', name: 'BenchLoop', category: 'flow_2' }).returning({ id: flowDeployment.id });
  const [definition] = await db
    .insert(flowDefinition)
    .values({ tenantId: '100001', deploymentId: deployment.id, processKey: 'BenchLoop', name: 'BenchLoop', category: 'flow_2', version: 1, xml, resourceName: 'loop.bpmn' })
    .returning({ id: flowDefinition.id });
  return String(definition.id);
}

/**
 * The body `deploy-upload` takes (multipart, category flow_2), encoded before the attack starts:
 * the bench's client shares the server's thread, so encoding during it would be counted against the server.
 */
async function deployment(files: [string, string][]): Promise<RequestInit> {
  const form = new FormData();
  form.append('category', 'flow_2');
  for (const [name, xml] of files) form.append('file', new Blob([xml], { type: 'text/xml' }), name);
  const encoded = new Request('http://bench/', { method: 'POST', body: form });
  return { method: 'POST', body: await encoded.arrayBuffer(), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

await main();
