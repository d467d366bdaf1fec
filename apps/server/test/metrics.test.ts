import PgBoss from 'pg-boss';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, login, testApp, type TestApp } from './helper';

/**
 * GET /metrics (platform/metrics.ts): Prometheus' text for a scraper with the token (or from an
 * allowed address), nothing for anyone else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ metricsToken: 'scrape-secret-token', metricsAllow: [] });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers });

describe('metrics', () => {
  it('answer the scraper with the token, and 404 to anyone else (a wrong token, none, an API token)', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong-token-of-same-sz' })).statusCode).toBe(404);
    const admin = await as(t.app);
    expect((await scrape({ authorization: `Bearer ${admin.token.access_token}` })).statusCode).toBe(404);
    const res = await scrape({ authorization: 'Bearer scrape-secret-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('count requests by route and status, wrong passwords, cache lookups and changes heard, the pool and the queues', async () => {
    const admin = await as(t.app);
    await admin.call({ method: 'GET', url: '/us-system/param/list' });
    await admin.call({ method: 'GET', url: '/us-system/param/list' });
    await admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '计量', paramKey: 'metrics.one', paramValue: '1' } });
    await login(t.app, 'admin', '000000', 'wrong-password');
    const text = (await scrape({ authorization: 'Bearer scrape-secret-token' })).body;
    expect(text).toMatch(/wb_http_request_duration_seconds_count\{method="GET",route="\/us-system\/param\/list",status="200"\} [1-9]/);
    expect(text).toMatch(/wb_login_failures_total [1-9]/);
    expect(text).toMatch(/wb_cache_lookups_total\{cache="grants",result="hit"\} [1-9]/);
    expect(text).toMatch(/wb_cache_invalidations_total\{topic="totals"\} [1-9]/);
    expect(text).toMatch(/wb_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain('wb_nodejs_eventloop_lag_seconds');
    // the scrape itself is not in the API log
    await t.ctx.requestLog.flush();
    const logged = (await admin.call({ method: 'GET', url: '/us-log/api/list', query: { size: '200' } })).json().data.records as { requestUri: string }[];
    expect(logged.map((r) => r.requestUri)).not.toContain('/metrics');
  });

  it('tell how many jobs wait in each queue and how long the oldest has been due; a job set for later is no backlog', async () => {
    // a queue no instance works on, through pg-boss on the app's own pool: one job due a minute ago, one due tomorrow
    const pool = (t.ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const boss = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => (values?.length ? pool.query(text, values) : pool.query(text)) } });
    await boss.createQueue('metrics-probe');
    await boss.send('metrics-probe', {}, { startAfter: new Date(Date.now() - 60_000) });
    await boss.send('metrics-probe', {}, { startAfter: new Date(Date.now() + 86_400_000) });
    const text = (await scrape({ authorization: 'Bearer scrape-secret-token' })).body;
    expect(text).toMatch(/wb_job_queue_waiting\{queue="metrics-probe"\} 1\n/);
    const oldest = Number(/wb_job_queue_oldest_seconds\{queue="metrics-probe"\} ([\d.]+)/.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(59);
    expect(oldest).toBeLessThan(120);
    // the server's own queues are there, with nothing waiting
    expect(text).toMatch(/wb_job_queue_waiting\{queue="export"\} 0\n/);
    await boss.purgeQueue('metrics-probe');
    await boss.deleteQueue('metrics-probe');
  });
});
