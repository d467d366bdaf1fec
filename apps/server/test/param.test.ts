import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

const submit = (payload: object, who = admin) => who.call({ method: 'POST', url: '/us-system/param/submit', payload });
const list = (query: Record<string, string> = {}, who = admin) => who.call({ method: 'GET', url: '/us-system/param/list', query });

describe('system parameters', () => {
  it('adds, reads, updates, searches and removes a parameter', async () => {
    const added = await submit({ paramName: '测试参数', paramKey: 'test.key', paramValue: 'v1', remark: 'r' });
    expect(added.json()).toMatchObject({ code: 200, success: true, msg: '新增成功', data: { paramKey: 'test.key', tenantId: '000000' } });
    const id = added.json().data.id;
    expect(id).toMatch(/^\d{16}$/);

    const detail = await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { id } });
    expect(detail.json().data).toMatchObject({ id, paramName: '测试参数', paramValue: 'v1' });
    expect(detail.json().data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byKey = await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { paramKey: 'test.key' } });
    expect(byKey.json().data.id).toBe(id);

    const updated = await submit({ id, paramName: '测试参数2', paramKey: 'test.key', paramValue: 'v2', createTime: 'echoed back and ignored' });
    expect(updated.json()).toMatchObject({ msg: '更新成功', data: { id, paramName: '测试参数2', paramValue: 'v2' } });

    const found = (await list({ paramName: '参数2' })).json().data;
    expect(found).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(found.records[0].id).toBe(id);

    const removed = await admin.call({ method: 'POST', url: '/us-system/param/remove', query: { ids: id } });
    expect(removed.json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await list({ paramName: '参数2' })).json().data.total).toBe(0);
    expect((await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { id } })).statusCode).toBe(404);
  });

  it('pages newest first and ignores empty search values', async () => {
    for (let i = 0; i < 12; i++) await submit({ paramName: `分页${i}`, paramKey: `page.${i}`, paramValue: String(i) });
    const page1 = (await list({ current: '1', size: '10', paramName: '', paramKey: 'page.' })).json().data;
    expect(page1.total).toBe(12);
    expect(page1.pages).toBe(2);
    expect(page1.records[0].paramKey).toBe('page.11');
    const page2 = (await list({ current: '2', size: '10', paramKey: 'page.' })).json().data;
    expect(page2.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(['page.1', 'page.0']);
    // a write is reflected in the total at once
    await submit({ paramName: '分页x', paramKey: 'page.x', paramValue: 'x' });
    expect((await list({ paramKey: 'page.' })).json().data.total).toBe(13);
  });

  it('treats % and _ in a search as plain characters', async () => {
    await submit({ paramName: '百分比', paramKey: 'rate_100%', paramValue: '1' });
    const hits = (await list({ paramKey: '0%' })).json().data.records;
    expect(hits.map((r: { paramKey: string }) => r.paramKey)).toEqual(['rate_100%']);
  });

  it('answers the spec message for each missing field and saves nothing', async () => {
    const before = (await list()).json().data.total;
    const cases: [object, string, string][] = [
      [{ paramKey: 'k', paramValue: 'v' }, '请输入参数名称', 'paramName'],
      [{ paramName: 'n', paramValue: 'v' }, '请输入参数键名', 'paramKey'],
      [{ paramName: 'n', paramKey: 'k2', paramValue: '   ' }, '请输入参数键值', 'paramValue'],
    ];
    for (const [body, msg, field] of cases) {
      const res = await submit(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: { field }, msg });
    }
    // several fields wrong: the first of the form is named, as the user reads it
    expect((await submit({ paramName: '', paramKey: 'x' })).json().msg).toBe('请输入参数名称');
    expect((await list()).json().data.total).toBe(before);
  });

  it('refuses a duplicate key, a wrong type and malformed JSON with a message naming the field', async () => {
    await submit({ paramName: 'dup', paramKey: 'dup.key', paramValue: '1' });
    const dup = await submit({ paramName: 'dup2', paramKey: 'dup.key', paramValue: '2' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ msg: '参数键名已存在', data: { field: 'paramKey' } });

    const wrongType = await submit({ paramName: { a: 1 }, paramKey: 'x', paramValue: 'y' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('paramName');

    const tooLong = await submit({ paramName: 'n'.repeat(300), paramKey: 'long', paramValue: 'y' });
    expect(tooLong.json().msg).toBe('参数名称(paramName) 长度不能超过 255 个字符');

    const broken = await admin.call({ method: 'POST', url: '/us-system/param/submit', payload: '{"paramName": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400, success: false });
    expect(broken.body).not.toContain('at ');

    const badIds = await admin.call({ method: 'POST', url: '/us-system/param/remove', query: { ids: '1;drop table param' } });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().data).toEqual({ field: 'ids' });

    const badPage = await list({ size: '1000' });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().msg).toContain('size');
  });

  it('keeps tenants apart: tenant B cannot read, change or delete tenant A params', async () => {
    const mine = (await submit({ paramName: 'A only', paramKey: 'a.secret', paramValue: 'x' })).json().data;
    const b = await as(t.app, 'admin', '100001');
    const theirs = (await list({ paramKey: 'a.secret' }, b)).json().data;
    expect(theirs.total).toBe(0);
    expect((await b.call({ method: 'GET', url: '/us-system/param/detail', query: { id: mine.id } })).statusCode).toBe(404);
    expect((await submit({ id: mine.id, paramName: 'hijack', paramKey: 'a.secret', paramValue: 'y' }, b)).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: '/us-system/param/remove', query: { ids: mine.id } })).statusCode).toBe(404);
    expect((await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { id: mine.id } })).json().data.paramName).toBe('A only');
    // the same key may exist in each tenant
    expect((await submit({ paramName: 'B', paramKey: 'a.secret', paramValue: 'b' }, b)).json().data.tenantId).toBe('100001');
  });

  it('refuses submit and remove to a user without the param button codes', async () => {
    const plain = await as(t.app, 'user');
    expect((await list({}, plain)).statusCode).toBe(200);
    const add = await submit({ paramName: 'x', paramKey: 'plain.x', paramValue: 'y' }, plain);
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ code: 403, success: false });
    expect(add.json().msg).toContain('param_add');
    const target = (await submit({ paramName: 'p', paramKey: 'plain.target', paramValue: 'v' })).json().data;
    expect((await submit({ id: target.id, paramName: 'x', paramKey: 'plain.target', paramValue: 'y' }, plain)).statusCode).toBe(403);
    expect((await plain.call({ method: 'POST', url: '/us-system/param/remove', query: { ids: target.id } })).statusCode).toBe(403);
    expect((await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { id: target.id } })).json().data.paramValue).toBe('v');
  });

  it('serves the seeded params the shell reads', async () => {
    const limited = (await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { paramKey: 'user_limited_menus' } })).json().data;
    expect(JSON.parse(limited.paramValue)).toEqual([]);
    const upgrade = (await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { paramKey: 'upgrade_info' } })).json().data;
    expect(JSON.parse(upgrade.paramValue)).toHaveProperty('title');
  });

  it('answers secret-like values (initial passwords) masked to a reader without 修改, in the list, the detail and the export', async () => {
    const plain = await as(t.app, 'user');
    const seeded = ['account.initPassword', 'tenant.default.password'];
    const mine = (await list({ paramName: '密码', size: '50' }, plain)).json().data.records as { id: string; paramKey: string; paramValue: string }[];
    expect(mine.map((r) => r.paramKey).sort()).toEqual(seeded.slice().sort());
    expect(mine.every((r) => r.paramValue === '******')).toBe(true);
    // a parameter that is no secret still reads in clear
    expect((await list({ paramKey: 'account.failCount' }, plain)).json().data.records[0].paramValue).toBe('5');
    for (const { id } of mine) expect((await plain.call({ method: 'GET', url: '/us-system/param/detail', query: { id } })).json().data.paramValue).toBe('******');
    const byKey = await plain.call({ method: 'GET', url: '/us-system/param/detail', query: { paramKey: 'tenant.default.password' } });
    expect(byKey.json().data.paramValue).toBe('******');

    // the export: direct download and the download centre's job alike
    const sheetValues = async (bytes: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      return (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => ({ key: r[3], value: r[4] }));
    };
    const direct = await plain.call({ method: 'GET', url: '/us-system/param/export', query: { paramName: '密码' } });
    expect(direct.statusCode).toBe(200);
    expect(await sheetValues(direct.rawPayload)).toEqual(expect.arrayContaining(seeded.map((key) => ({ key, value: '******' }))));
    expect(direct.rawPayload.includes(Buffer.from('Admin1234'))).toBe(false);
    const job = await plain.call({ method: 'POST', url: '/us-system/param/export-job', query: { paramName: '密码' } });
    expect(job.statusCode).toBe(200);
    let fileUrl = '';
    for (let i = 0; i < 100 && !fileUrl; i++) {
      const rows = (await plain.call({ method: 'GET', url: '/us-resource/base/download/downloadList?current=1&size=10&projectId=-1' })).json().data.records as {
        id: string;
        fileUrl: string;
        jobStatus: number;
      }[];
      const found = rows.find((r) => r.id === job.json().data.id);
      if (found?.jobStatus === 3) fileUrl = found.fileUrl;
      else await new Promise((r) => setTimeout(r, 100));
    }
    const file = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(await sheetValues(file.rawPayload)).toEqual(expect.arrayContaining(seeded.map((key) => ({ key, value: '******' }))));

    // the holder of 修改 reads and exports them in clear
    expect((await admin.call({ method: 'GET', url: '/us-system/param/detail', query: { paramKey: 'tenant.default.password' } })).json().data.paramValue).toBe('Admin1234');
    const theirs = await admin.call({ method: 'GET', url: '/us-system/param/export', query: { paramName: '密码' } });
    expect(await sheetValues(theirs.rawPayload)).toEqual(expect.arrayContaining([{ key: 'tenant.default.password', value: 'Admin1234' }]));
  });
});
