import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

/**
 * The list's order (`ascs` / `descs`, as the BladeX family sends them) and what an export writes:
 * names and dictionary items, never the keys behind them; only the rows asked for.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

const SYS = '/us-system';
const get = (url: string, query: Record<string, string> = {}) => admin.call({ method: 'GET', url, query });
const post = (url: string, payload?: object, query: Record<string, string> = {}) => admin.call({ method: 'POST', url, payload, query });
const records = async (url: string, query: Record<string, string>) => {
  const res = await get(url, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Record<string, string>[];
};

async function sheet(res: Awaited<ReturnType<typeof get>>): Promise<{ headers: string[]; rows: Record<string, unknown>[] }> {
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? ''])));
  });
  return { headers, rows };
}

describe('ascs / descs', () => {
  it('sort the page by a field the definition allows, either way, by its name or its column’s', async () => {
    const asc = await records(`${SYS}/post/list`, { current: '1', size: '50', ascs: 'postCode' });
    const codes = asc.map((r) => r.postCode);
    expect(codes).toEqual([...codes].sort());
    expect(codes.length).toBeGreaterThanOrEqual(3);
    const desc = await records(`${SYS}/post/list`, { current: '1', size: '50', descs: 'post_code' });
    expect(desc.map((r) => r.postCode)).toEqual([...codes].reverse());
    const byTime = await records(`${SYS}/post/list`, { current: '1', size: '50', descs: 'create_time,sort' });
    expect(byTime).toHaveLength(codes.length);
  });

  it('keep the sorted order across pages of a filtered list', async () => {
    const page1 = await records(`${SYS}/post/list`, { current: '1', size: '2', descs: 'postName' });
    const page2 = await records(`${SYS}/post/list`, { current: '2', size: '2', descs: 'postName' });
    const names = [...page1, ...page2].map((r) => r.postName);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('refuse a column the definition does not sort by, or no column at all, with a 400 naming the parameter', async () => {
    for (const [param, value] of [
      ['ascs', 'password'],
      ['descs', 'postName;drop table post'],
      ['ascs', 'is_deleted'],
      ['descs', 'postCode,nope'],
      ['ascs', 'remark'],
    ]) {
      const res = await get(`${SYS}/post/list`, { current: '1', size: '10', [param]: value });
      expect(res.statusCode, `${param}=${value}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, data: { field: param } });
      expect(res.json().msg).toContain(`不支持的排序字段`);
      expect(res.json().msg).toContain(`(${param})`);
    }
    // a user's password is never a sort key, whatever it is called
    const user = await get('/us-user/page', { current: '1', size: '10', ascs: 'password' });
    expect(user.statusCode).toBe(400);
  });
});

describe('an export', () => {
  it('writes the dictionary’s items, not its keys (岗位类型: 高层 / 中层 / 基层)', async () => {
    const { headers, rows } = await sheet(await get(`${SYS}/post/export`));
    expect(headers).toContain('岗位类型');
    const categories = new Set(rows.map((r) => r['岗位类型']));
    expect([...categories].sort()).toEqual(['中层', '基层', '高层'].sort());
  });

  it('writes a user’s roles and departments by name (multiRef into trees), and its dictionaries by item', async () => {
    const { rows } = await sheet(await get('/us-user/export', { account: 'admin' }));
    expect(rows).toHaveLength(1);
    const [admin] = rows;
    expect(String(admin['所属角色'])).not.toMatch(/^\d+$/);
    expect(String(admin['所属角色'])).toContain('超级管理员');
    expect(String(admin['所属部门'])).not.toMatch(/\d{6,}/);
    expect(admin['用户平台']).not.toMatch(/^\d+$/);
  });

  it('of the chosen ids writes those rows only', async () => {
    const all = await records(`${SYS}/post/list`, { current: '1', size: '50' });
    const chosen = all.slice(0, 2);
    const { rows } = await sheet(await get(`${SYS}/post/export`, { ids: chosen.map((r) => r.id).join(',') }));
    expect(rows.map((r) => String(r.ID)).sort()).toEqual(chosen.map((r) => r.id).sort());
  });

  it('of the download centre writes the same labels', async () => {
    const queued = await post(`${SYS}/post/export-job`, undefined, { category: '3' });
    expect(queued.statusCode, queued.body).toBe(200);
    const id = queued.json().data.id as string;
    let job: { id: string; jobStatus: number; fileUrl: string } | undefined;
    for (let i = 0; i < 200 && !(job && job.jobStatus !== 2); i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      const list = (await get('/us-resource/base/download/downloadList', { current: '1', size: '10', projectId: '-1' })).json().data;
      job = (list.records as NonNullable<typeof job>[]).find((r) => r.id === id);
    }
    expect(job).toMatchObject({ jobStatus: 3 });
    // the link is signed: it is read without a token
    const file = await t.app.inject({ method: 'GET', url: job!.fileUrl });
    const { rows } = await sheet(file);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r['岗位类型']).toBe('基层');
  });
});

describe('数据权限 › 资源编号', () => {
  it('takes one of the tables a scope can narrow, each a registered resource’s, and refuses any other naming the field', async () => {
    const { DATA_SCOPE_TABLES } = await import('@wb/contracts/resources/access');
    for (const [table] of DATA_SCOPE_TABLES) expect(t.ctx.resources.byTable(table), table).toBeDefined();
    const menu = (await records(`${SYS}/menu/page`, { current: '1', size: '50', code: 'user' })).find((m) => m.code === 'user')!;
    const base = { menuId: menu.id, scopeName: '资源编号测试', scopeType: 3, scopeColumn: 'create_dept' };
    const refused = await post(`${SYS}/data-scope/submit`, { ...base, resourceCode: 'qr_login' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, data: { field: 'resourceCode' } });
    const saved = await post(`${SYS}/data-scope/submit`, { ...base, resourceCode: 'post' });
    expect(saved.statusCode, saved.body).toBe(200);
    await post(`${SYS}/data-scope/remove`, undefined, { ids: saved.json().data.id });
  });
});
