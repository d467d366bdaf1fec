import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadJob } from '../src/db/schema/index';
import { as, testApp, type TestApp } from './helper';

type Call = Awaited<ReturnType<typeof as>>['call'];
interface DownloadList {
  records: { id: string; fileName: string; fileUrl: string; fileSize: number | null; jobStatus: number; completeRate: number; rowCount: number; jobEndTime: string }[];
  total: number;
  allCompleted: boolean;
}

/** The download centre: exports as jobs (platform/export-jobs.ts) and their list (shell spec §7). */
describe('exports in the download centre', () => {
  let t: TestApp;
  let call: Call;
  let userId: number;
  const list = async () => (await call({ method: 'GET', url: '/us-resource/base/download/downloadList?current=1&size=10&projectId=-1' })).json().data as DownloadList;
  async function settled(id: string) {
    for (let i = 0; i < 200; i++) {
      const found = (await list()).records.find((r) => r.id === id)!;
      if (found.jobStatus !== 2) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} still running`);
  }

  beforeAll(async () => {
    // the dead runs below beat last a minute ago, so they are seen at the first look (every stale/3 s);
    // a live export must never be taken for dead, even when a loaded machine stalls it a few seconds
    t = await testApp({ jobStaleSeconds: 10 });
    const admin = await as(t.app);
    call = admin.call;
    userId = Number(admin.token.user_id);
    await t.ctx.database.db.execute(sql`
      INSERT INTO param (tenant_id, param_name, param_key, param_value)
      SELECT '000000', 'export ' || g, 'export.' || g, 'value ' || g FROM generate_series(1, 2500) g`);
  });
  afterAll(() => t.close());

  it('an export of the filtered list runs as a job, and its file holds exactly the rows the list shows', async () => {
    const started = await call({ method: 'POST', url: '/us-system/param/export-job?paramKey=export.1' });
    expect(started.statusCode).toBe(200);
    const { id } = started.json().data as { id: string };
    const listed = (await call({ method: 'GET', url: '/us-system/param/list?current=1&size=1&paramKey=export.1' })).json().data.total as number;
    expect(listed).toBeGreaterThan(1000);

    const job = await settled(id);
    expect(job).toMatchObject({ fileName: '参数管理.xlsx', jobStatus: 3, completeRate: 100, rowCount: listed });
    expect(job.jobEndTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(job.fileSize).toBeGreaterThan(10_000);
    expect((await list()).allCompleted).toBe(true);

    // the link is signed: it works without a token, as a link in the drawer does
    expect(job.fileUrl).toMatch(/^\/us-resource\/oss\/endpoint\/file\/[0-9a-f-]{36}-000000-\d+-[\w-]{22}\.xlsx$/);
    const file = await t.app.inject({ method: 'GET', url: job.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('参数管理.xlsx')}`);
    expect(file.rawPayload.length).toBe(job.fileSize);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(listed + 1);
    const keys = sheet.getColumn(3).values.slice(2) as string[];
    expect(keys.every((k) => k.startsWith('export.1'))).toBe(true);
  });

  it('a bad filter is refused before anything is queued', async () => {
    const before = (await list()).total;
    const res = await call({ method: 'POST', url: '/us-system/param/export-job?nope=1' });
    expect(res.statusCode).toBe(400);
    expect((await list()).total).toBe(before);
  });

  it('each user sees only their own exports', async () => {
    await t.ctx.database.db.insert(downloadJob).values({ tenantId: '000000', userId: 1, resource: 'param', query: {}, scope: {}, fileName: 'someone else.xlsx', jobStatus: 3 });
    expect((await list()).records.map((r) => r.fileName)).not.toContain('someone else.xlsx');
  });

  it('a run whose process died is run again once, then failed: never left running, never a half file', async () => {
    const db = t.ctx.database.db;
    const scope = { tenantId: '000000', key: 't:000000' };
    // as a killed process leaves them: running, the heartbeat a minute old
    const [first] = await db
      .insert(downloadJob)
      .values({ tenantId: '000000', userId, resource: 'param', query: { paramKey: 'export.2' }, scope, fileName: 'crashed once.xlsx', heartbeatAt: new Date(Date.now() - 60_000) })
      .returning();
    const [second] = await db
      .insert(downloadJob)
      .values({ tenantId: '000000', userId, resource: 'param', query: {}, scope, fileName: 'crashed twice.xlsx', attempt: 1, heartbeatAt: new Date(Date.now() - 60_000) })
      .returning();
    const again = await settled(String(first.id));
    expect(again).toMatchObject({ jobStatus: 3, completeRate: 100 });
    expect(again.fileUrl).not.toBe('');
    const failed = await settled(String(second.id));
    expect(failed).toMatchObject({ jobStatus: -1, fileUrl: '' });
    const [row] = await db.select().from(downloadJob).where(eq(downloadJob.id, second.id));
    expect(row.error).toBe('导出任务中断');
    expect(row.objectName).toBeNull();
  });
});
