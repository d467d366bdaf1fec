import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRecord } from '@wb/contracts/imports';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import { fileImport, param, tenant, user } from '../src/db/schema/index';
import { as, login, testApp, type TestApp } from './helper';
import { importsOf, multipart, readBook, rowsOf, XLSX, xlsx } from './support/imports';

type Call = Awaited<ReturnType<typeof as>>['call'];

/** The upload centre: imports as jobs (platform/import-jobs.ts), their list, detail and error file (shell spec §7). */
describe('imports in the upload centre', () => {
  let t: TestApp;
  let call: Call;

  const { upload, finished, imported } = importsOf(() => call);

  beforeAll(async () => {
    // the dead runs of these tests beat last a minute ago, so they are seen at the first look (every
    // stale/3 s); a live run must never be taken for dead, even on a loaded two-core machine: 2 s was
    // not enough there (a resumed run, alive, failed as interrupted)
    t = await testApp({ jobStaleSeconds: 10 });
    call = (await as(t.app)).call;
  });
  afterAll(() => t.close());

  it('offers a template per resource: the form’s columns, required ones explained, drop-downs for fixed choices', async () => {
    const res = await call({ method: 'GET', url: '/us-user/import-template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户管理导入模板.xlsx'));
    const book = await readBook(res.rawPayload);
    const headers = rowsOf(book.worksheets[0])[0];
    expect(headers).toEqual([
      'ID',
      '登录账号',
      '密码',
      '用户昵称',
      '用户姓名',
      '用户平台',
      '所属角色',
      '所属部门',
      '所属岗位',
      '手机号码',
      '电子邮箱',
      '用户性别',
      '用户生日',
      '用户编号',
    ]);
    // the sex column offers the dictionary's names
    expect(book.worksheets[0].getCell('L2').dataValidation.formulae?.[0]).toMatch(/^"[^"]*男[^"]*"$/);
    const help = rowsOf(book.getWorksheet('说明')!);
    expect(help).toContainEqual(['登录账号', '是', '最多 64 个字符']);
    expect(help).toContainEqual(['所属角色', '是', '名称或 ID, 多个以逗号分隔']);
  });

  it('writes the good rows, keeps the bad ones with their reason in an error file that can be corrected and imported again', async () => {
    const done = await imported('/us-system/param', '参数.xlsx', [
      ['参数名称', '参数键名', '参数键值', '备注'],
      ['导入一', 'import.one', 'v1', ''],
      ['导入二', 'import.two', 'v2', 'r'],
      ['', 'import.noname', 'v', ''],
      ['同名键', 'import.one', 'again', ''],
      ['导入三', 'import.three', 'v3', ''],
      ['', '', '', ''],
    ]);
    expect(done).toMatchObject({ fileName: '参数.xlsx', status: 1, totalNum: 5, successNum: 3, failedNum: 2, errorMsg: '' });
    const keys = await t.ctx.database.db.select({ k: param.paramKey, v: param.paramValue }).from(param).where(like(param.paramKey, 'import.%'));
    expect(keys.map((k) => k.k).sort()).toEqual(['import.one', 'import.three', 'import.two']);
    expect(keys.find((k) => k.k === 'import.one')!.v).toBe('v1');

    // the uploaded file itself: a signed link of the tenant
    expect(done.obsUrl).toMatch(/^\/us-resource\/oss\/endpoint\/file\/[0-9a-f-]{36}-000000-\d+-[\w-]{22}\.xlsx$/);
    expect((await t.app.inject({ method: 'GET', url: done.obsUrl })).statusCode).toBe(200);

    const errors = await call({ method: 'GET', url: `/us-resource/file-import/export?importId=${done.id}` });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-disposition']).toContain(encodeURIComponent('参数-错误数据.xlsx'));
    const rows = rowsOf((await readBook(errors.rawPayload)).worksheets[0]);
    expect(rows[0]).toEqual(['参数名称', '参数键名', '参数键值', '备注', '行号', '错误信息']);
    expect(rows.slice(1)).toEqual([
      ['', 'import.noname', 'v', '', '4', '请输入参数名称'],
      ['同名键', 'import.one', 'again', '', '5', '参数键名已存在'],
    ]);

    // corrected and sent back as it is: its 行号 and 错误信息 columns are ignored
    const book = await readBook(errors.rawPayload);
    book.worksheets[0].getCell('A2').value = '有名字了';
    book.worksheets[0].getCell('B3').value = 'import.four';
    const again = await upload('/us-system/param', 'fixed.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(again.statusCode, again.body).toBe(200);
    expect(await finished(again.json().data.id)).toMatchObject({ totalNum: 2, successNum: 2, failedNum: 0 });

    const list = await call({ method: 'POST', url: '/us-resource/file-import/pageList', payload: { pageNum: 1, pageSize: 10, projectId: '-1' } });
    expect(list.json().data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(list.json().data.records.map((r: ImportRecord) => r.fileName)).toEqual(['fixed.xlsx', '参数.xlsx']);
    // no failed rows: no error file
    expect((await call({ method: 'GET', url: `/us-resource/file-import/export?importId=${again.json().data.id}` })).statusCode).toBe(404);
  });

  it('a row names its references and dictionary items as the page shows them; an imported user can sign in', async () => {
    const done = await imported('/us-user', 'users.xlsx', [
      ['登录账号', '密码', '用户昵称', '用户姓名', '所属角色', '所属部门', '用户性别', '用户生日'],
      ['imported1', 'Imported2024', '导入一', '导入用户一', '超级管理员', '管理组', '女', '1990-05-06'],
      ['imported2', 'Imported2024', '导入二', '导入用户二', '没有这个角色', '管理组', '', ''],
      ['imported3', 'Imported2024', '导入三', '导入用户三', '超级管理员', '管理组', '外星人', ''],
    ]);
    expect(done).toMatchObject({ totalNum: 3, successNum: 1, failedNum: 2 });
    const page = (await call({ method: 'GET', url: '/us-user/page?current=1&size=10&account=imported' })).json().data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ account: 'imported1', realName: '导入用户一', roleName: '超级管理员', sex: 2, birthday: '1990-05-06 00:00:00' });
    expect((await login(t.app, 'imported1', '000000', 'Imported2024')).status).toBe(200);
    const rows = rowsOf((await readBook((await call({ method: 'GET', url: `/us-resource/file-import/export?importId=${done.id}` })).rawPayload)).worksheets[0]);
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual(['所属角色: 找不到 “没有这个角色”', '用户性别: 找不到 “外星人”']);
  });

  it('the tenant’s account quota counts the users a batch added before each row', async () => {
    const db = t.ctx.database.db;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(sql`tenant_id = '000000' and is_deleted = 0`);
    await db
      .update(tenant)
      .set({ accountNumber: n + 1 })
      .where(sql`tenant_id = '000000'`);
    try {
      const rows = ['q1', 'q2', 'q3'].map((a) => [a, 'Imported2024', a, a, '超级管理员', '管理组']);
      const done = await imported('/us-user', 'quota.xlsx', [['登录账号', '密码', '用户昵称', '用户姓名', '所属角色', '所属部门'], ...rows]);
      expect(done).toMatchObject({ successNum: 1, failedNum: 2 });
      const errors = rowsOf((await readBook((await call({ method: 'GET', url: `/us-resource/file-import/export?importId=${done.id}` })).rawPayload)).worksheets[0]);
      expect(errors.slice(1).map((r) => r.at(-1))).toEqual([ACCESS_MESSAGES.accountLimit.zh, ACCESS_MESSAGES.accountLimit.zh]);
    } finally {
      await db
        .update(tenant)
        .set({ accountNumber: -1 })
        .where(sql`tenant_id = '000000'`);
    }
  });

  it('imports a tree with children listed before their parents; a known code is updated', async () => {
    const R = '/us-system/region';
    const done = await imported(R, 'regions.xlsx', [
      ['区划编号', '上级区划', '区划名称', '区划层级', '排序'],
      ['440308001', '440308', '沙头角街道', '4', 1],
      ['440308', '440300', '盐田区', '3', 1],
      ['440305', '440300', '南山区(导入)', '3', 1],
    ]);
    expect(done).toMatchObject({ totalNum: 3, successNum: 3, failedNum: 0 });
    const detail = async (code: string) => (await call({ method: 'GET', url: `${R}/detail?code=${code}` })).json().data;
    expect(await detail('440308')).toMatchObject({ name: '盐田区', parentCode: '440300', level: 3 });
    expect(await detail('440308001')).toMatchObject({ name: '沙头角街道', parentCode: '440308' });
    expect((await detail('440305')).name).toBe('南山区(导入)');
    const children = (await call({ method: 'GET', url: `${R}/lazy-list?parentCode=440308` })).json().data;
    expect(children.map((r: { name: string }) => r.name)).toEqual(['沙头角街道']);
  });

  it('refuses at once a file that is not an .xlsx, has the wrong columns, or is too big; one of too many rows fails with the reason', async () => {
    const P = '/us-system/param';
    const csv = await upload(P, 'p.xlsx', Buffer.from('参数名称,参数键名\n1,2\n'), 'text/csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ success: false, msg: '文件不是有效的 Excel (.xlsx)', data: { field: 'file' } });
    const missing = await upload(P, 'p.xlsx', await xlsx([['参数名称'], ['x']]));
    expect(missing.json().msg).toBe('缺少必填列: 参数键名, 参数键值 (请使用导入模板)');
    const unknown = await upload(
      P,
      'p.xlsx',
      await xlsx([
        ['参数名称', '参数键名', '参数键值', '颜色'],
        ['x', 'y', 'z', 'red'],
      ]),
    );
    expect(unknown.json().msg).toBe('无法识别的列: 颜色 (请使用导入模板)');
    const big = await upload(P, 'p.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toBe('文件过大, 不能超过 10 MB');
    const noFile = await call({ method: 'POST', url: `${P}/import-job`, payload: {} });
    expect(noFile.statusCode).toBe(400);
    const before = (await call({ method: 'POST', url: '/us-resource/file-import/pageList', payload: {} })).json().data.total;
    expect(before).toBeGreaterThan(0);

    // 100,000 rows: refused whole by the job, nothing written
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('data');
    ws.addRow(['参数名称', '参数键名', '参数键值']).commit();
    for (let i = 0; i < 100_000; i++) ws.addRow([`n${i}`, `huge.${i}`, 'v']).commit();
    ws.commit();
    await wb.commit();
    const huge = await upload(P, 'huge.xlsx', Buffer.concat(chunks));
    expect(huge.statusCode, huge.body).toBe(200);
    expect(await finished(huge.json().data.id)).toMatchObject({ status: 1, successNum: 0, failedNum: 0, errorMsg: '行数超过上限 50000 行, 请拆分文件后再导入' });
    const [{ n }] = await t.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(param)
      .where(like(param.paramKey, 'huge.%'));
    expect(n).toBe(0);
  }, 60_000);

  it('a run that died is continued after its last written batch: no row written twice; a second death fails it', async () => {
    const db = t.ctx.database.db;
    const me = { id: (await as(t.app)).token.user_id };
    const bytes = await xlsx([['参数名称', '参数键名', '参数键值'], ...Array.from({ length: 6 }, (_, i) => [`续${i}`, `resume.${i}`, 'v'])]);
    const killed = async (fileName: string, attempt: number) => {
      const objectName = `${crypto.randomUUID()}.xlsx`;
      await t.ctx.store.put(objectName, bytes);
      // as a process killed two rows in leaves it: those two written and counted, the heartbeat a minute old
      const [row] = await db
        .insert(fileImport)
        .values({
          tenantId: '000000',
          userId: Number(me.id),
          resource: 'param',
          actor: {
            scope: { tenantId: '000000', userId: Number(me.id), key: 't:000000' },
            user: { userId: Number(me.id), tenantId: '000000', account: 'admin', roleIds: [], deptId: '' },
          },
          fileName,
          objectName,
          headers: ['参数名称', '参数键名', '参数键值'],
          totalNum: 6,
          processed: 2,
          successNum: 2,
          attempt,
          heartbeatAt: new Date(Date.now() - 60_000),
        })
        .returning();
      return String(row.id);
    };
    const once = await finished(await killed('resumed.xlsx', 0));
    expect(once).toMatchObject({ status: 1, totalNum: 6, successNum: 6, failedNum: 0, errorMsg: '' });
    const written = (await db.select({ k: param.paramKey }).from(param).where(like(param.paramKey, 'resume.%'))).map((r) => r.k).sort();
    expect(written).toEqual(['resume.2', 'resume.3', 'resume.4', 'resume.5']);

    const twice = await finished(await killed('died twice.xlsx', 1));
    expect(twice).toMatchObject({ status: 1, successNum: 2, errorMsg: '导入任务中断' });
  });

  it('guards import and template by the import button, and shows each user only their own imports', async () => {
    const plain = await as(t.app, 'user');
    expect((await plain.call({ method: 'GET', url: '/us-system/param/import-template' })).statusCode).toBe(403);
    expect((await plain.call({ method: 'POST', url: '/us-system/param/import-job', ...multipart('p.xlsx', await xlsx([['参数名称', '参数键名', '参数键值']])) })).statusCode).toBe(403);
    const theirs = (await plain.call({ method: 'POST', url: '/us-resource/file-import/pageList', payload: {} })).json().data;
    expect(theirs.total).toBe(0);
    const mine = (await call({ method: 'POST', url: '/us-resource/file-import/pageList', payload: {} })).json().data.records[0];
    expect((await plain.call({ method: 'GET', url: `/us-resource/file-import/getById?id=${mine.id}` })).statusCode).toBe(404);
  });
});
