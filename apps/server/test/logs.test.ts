import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiLog } from '../src/db/schema/index';
import { fingerprint, RequestLog } from '../src/platform/request-log';
import { MAX_BODY_DEPTH } from '../src/platform/input-types';
import type { Db } from '../src/db/client';
import { as, login, testApp, type TestApp } from './helper';

type Caller = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
const list = async (who: Caller, url: string, query: Record<string, string>): Promise<any[]> => {
  await t.ctx.requestLog.flush();
  const res = await who.call({ method: 'GET', url, query: { size: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records;
};

describe('the API log', () => {
  it('records every request with its user, status and time, secrets written as ***, tied to the shell’s request id', async () => {
    const ok = await admin.call({ method: 'GET', url: '/us-system/param/list', query: { paramKey: 'account.initPassword' }, headers: { 'x-request-id': 'shell-req-0001' } });
    expect(ok.headers['x-request-id']).toBe('shell-req-0001');
    await login(t.app, 'admin', '000000', 'wrong-Secret-9');
    const [read] = await list(admin, '/us-log/api/list', { requestId: 'shell-req-0001' });
    expect(read).toMatchObject({ method: 'GET', requestUri: '/us-system/param/list', status: 200, account: 'admin', serviceId: 'workbench' });
    const detail = (await admin.call({ method: 'GET', url: '/us-log/api/detail', query: { id: read.id } })).json().data;
    expect(detail.params).toContain('account.initPassword');
    expect(detail.route).toBe('/us-system/param/list');

    const logins = await list(admin, '/us-log/api/list', { requestUri: '/us-auth/oauth/token' });
    const failed = logins.find((r) => r.status === 400 || r.status === 401);
    const full = (await admin.call({ method: 'GET', url: '/us-log/api/detail', query: { id: failed.id } })).json().data;
    expect(full.params).toContain('***');
    expect(full.params).not.toContain('wrong-Secret-9');
    // another tenant reads nothing of it
    const other = await as(t.app, 'admin', '100001');
    expect(await list(other, '/us-log/api/list', { requestId: 'shell-req-0001' })).toEqual([]);
  });

  it('stores a request whose parameters are cut in the middle of a character, and the rows batched with it', async () => {
    // 3,000 emoji are 6,000 UTF-16 units: the parameters are cut at 4,000, between the two halves of one
    const res = await admin.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '😀'.repeat(3000) }, headers: { 'x-request-id': 'cut-in-half-1' } });
    expect(res.statusCode).toBe(400);
    await admin.call({ method: 'GET', url: '/us-system/param/list', headers: { 'x-request-id': 'same-batch-1' } });
    const [cut] = await list(admin, '/us-log/api/list', { requestId: 'cut-in-half-1' });
    const { params } = (await admin.call({ method: 'GET', url: '/us-log/api/detail', query: { id: cut.id } })).json().data as { params: string };
    expect(params.length).toBeLessThanOrEqual(4000);
    expect(params).toMatch(/😀\uFFFD?$/u);
    expect(await list(admin, '/us-log/api/list', { requestId: 'same-batch-1' })).toHaveLength(1);
  });

  it('refuses a body nested deeper than any form, before it is parsed, and records the refusal', async () => {
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const res = await admin.call({ method: 'POST', url: '/us-system/param/remove', headers: { 'content-type': 'application/json', 'x-request-id': 'deep-body-1' }, payload: deep });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: `请求体 不合法: 嵌套超过 ${MAX_BODY_DEPTH} 层`, data: { field: 'body' } });
    const [row] = await list(admin, '/us-log/api/list', { requestId: 'deep-body-1' });
    expect(row).toMatchObject({ status: 400, requestUri: '/us-system/param/remove' });
  });

  it('a fault answered with a 500 is in the error log with its stack and request, grouped by its fingerprint', async () => {
    const db = t.ctx.database.db;
    await db.execute(sql`alter table desk_notice rename to desk_notice_gone`);
    try {
      for (const id of ['fault-request-1', 'fault-request-2']) {
        const res = await admin.call({ method: 'GET', url: '/us-desk/notice/list', headers: { 'x-request-id': id } });
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('desk_notice');
      }
    } finally {
      await db.execute(sql`alter table desk_notice_gone rename to desk_notice`);
    }
    const [request] = await list(admin, '/us-log/api/list', { requestId: 'fault-request-1' });
    expect(request).toMatchObject({ status: 500, requestUri: '/us-desk/notice/list' });
    // a status other than 200 is read through the partial index (its condition added), 200 through the tenant's
    const failed = await list(admin, '/us-log/api/list', { status: '500' });
    expect(failed.map((r) => r.requestId)).toEqual(expect.arrayContaining(['fault-request-1', 'fault-request-2']));
    expect(new Set(failed.map((r) => r.status))).toEqual(new Set([500]));
    const answered = await list(admin, '/us-log/api/list', { status: '200' });
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered.map((r) => r.status))).toEqual(new Set([200]));
    const errors = await list(admin, '/us-log/error/list', { requestUri: '/us-desk/notice/list' });
    expect(errors.map((e) => e.requestId).sort()).toEqual(['fault-request-1', 'fault-request-2']);
    const detail = (await admin.call({ method: 'GET', url: '/us-log/error/detail', query: { id: errors[0].id } })).json().data;
    expect(detail.message).toContain('desk_notice');
    expect(detail.stack).toContain('at ');
    expect(new Set(errors.map((e) => e.fingerprint)).size).toBe(1);
    expect((await list(admin, '/us-log/error/list', { fingerprint: errors[0].fingerprint })).length).toBe(2);
  });

  it('keeps rows for the retention (log.retentionDays, 30 by default) and removes older ones', async () => {
    // the logs' own database (the same one on PostgreSQL)
    const db = t.ctx.database.logs;
    await db.insert(apiLog).values({
      tenantId: '000000',
      serviceId: 'workbench',
      serverHost: 'old',
      method: 'GET',
      requestUri: '/old',
      status: 200,
      durationMs: 1,
      requestId: 'old-request-1',
      createTime: new Date(Date.now() - 31 * 86_400_000),
    });
    expect(await t.ctx.requestLog.removeOld()).toBeGreaterThanOrEqual(1);
    expect(await list(admin, '/us-log/api/list', { requestId: 'old-request-1' })).toEqual([]);
  });
});

describe('the usual log', () => {
  it('lists what the shell uploads, its message and stack', async () => {
    await admin.call({
      method: 'POST',
      url: '/us-log/log/saveUsualLog',
      payload: [{ type: 'error', url: '/wel/index', message: 'TypeError: x is undefined', stack: 'at f (app.js:1:2)', time: '2026-11-25 10:00:00' }],
    });
    const [row] = await list(admin, '/us-log/usual/list', { message: 'TypeError' });
    expect(row).toMatchObject({ logLevel: 'error', requestUri: '/wel/index', createBy: 'admin', serviceId: 'shell' });
    expect((await admin.call({ method: 'GET', url: '/us-log/usual/detail', query: { id: row.id } })).json().data.stack).toBe('at f (app.js:1:2)');
  });
});

describe('the log explorer', () => {
  it('shows one request as every log saw it: its API row, its error and what the shell reported, to its tenant only', async () => {
    const db = t.ctx.database.db;
    const id = 'trace-request-0001';
    await db.execute(sql`alter table desk_notice rename to desk_notice_gone`);
    try {
      expect((await admin.call({ method: 'GET', url: '/us-desk/notice/list', headers: { 'x-request-id': id } })).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table desk_notice_gone rename to desk_notice`);
    }
    // the shell recorded the failed call in its error log with the id, and uploads it later
    const report = { type: 'bug', url: 'http://shell/desk/notice', message: 'GET /us-desk/notice/list: 500 服务器错误', info: 'request', time: '2026-11-25 10:00:00', requestId: id };
    expect((await admin.call({ method: 'POST', url: '/us-log/log/saveUsualLog', payload: [report] })).statusCode).toBe(200);
    await t.ctx.requestLog.flush();
    const trace = async (who: Caller, requestId: string) => who.call({ method: 'GET', url: '/us-log/trace', query: { requestId } });
    const found = (await trace(admin, id)).json().data;
    expect(found.api).toHaveLength(1);
    expect(found.api[0]).toMatchObject({ account: 'admin', method: 'GET', requestUri: '/us-desk/notice/list', status: 500 });
    expect(found.errors).toHaveLength(1);
    expect(found.errors[0].stack).toContain('at ');
    expect(found.usual).toEqual([expect.objectContaining({ createBy: 'admin', message: report.message, requestUri: report.url })]);
    // the usual log lists it by the id too
    expect((await list(admin, '/us-log/usual/list', { requestId: id })).map((r) => r.message)).toEqual([report.message]);
    // another tenant's administrator finds nothing; a bad id is named
    const other = await as(t.app, 'admin', '100001');
    expect((await trace(other, id)).json().data).toEqual({ api: [], errors: [], usual: [] });
    const bad = await trace(admin, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('requestId');

    // a role that may read the usual log only sees the shell's report, not the request nor the server's error
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the menu tree, read by code
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const menus = flat((await admin.call({ method: 'GET', url: '/us-system/menu/buttons' })).json().data);
    const role = (await admin.call({ method: 'POST', url: '/us-system/role/submit', payload: { roleName: '日志查看', roleAlias: 'usual-reader', sort: 9 } })).json().data;
    const granted = await admin.call({
      method: 'POST',
      url: '/us-system/role/grant',
      payload: { roleIds: role.id, menuIds: menus.filter((m) => m.code === 'usual').map((m) => m.id), dataScopeIds: '', apiScopeIds: '' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const deptId = (await admin.call({ method: 'GET', url: '/us-system/dept/tree' })).json().data[0].id;
    const user = await admin.call({
      method: 'POST',
      url: '/us-user/submit',
      payload: { account: 'usual-reader', password: 'Usual1234', name: '读日志', realName: '读日志', roleId: role.id, deptId },
    });
    expect(user.statusCode, user.body).toBe(200);
    const reader = await as(t.app, 'usual-reader', '000000', 'Usual1234');
    const seen = (await trace(reader, id)).json().data;
    expect(seen.api).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(seen.usual).toEqual([expect.objectContaining({ message: report.message })]);
    expect((await reader.call({ method: 'GET', url: '/us-log/api/list' })).statusCode).toBe(403);
  });
});

describe('the log writer', () => {
  it('never fails a request: a database that refuses drops the batch and counts it; a full queue drops and counts', async () => {
    const failing = { execute: async () => Promise.reject(new Error('down')) } as unknown as Db;
    const errors: string[] = [];
    const log = new RequestLog(failing, { enabled: true, retentionDays: async () => 30, onError: (_e, m) => errors.push(m) });
    const row = { tenantId: '000000', serviceId: 's', serverHost: 'h', method: 'GET', requestUri: '/', status: 200, durationMs: 1, requestId: 'r' };
    for (let i = 0; i < 3; i++) log.request(row);
    await log.flush();
    expect(log.dropped).toBe(3);
    expect(errors).toEqual(['request log: 3 rows dropped']);
    // while a slow database holds one batch of 500 in flight, the queue takes 10,000 more and drops the rest
    const slow = { execute: () => new Promise(() => undefined) } as unknown as Db;
    const held = new RequestLog(slow, { enabled: true, retentionDays: async () => 30, onError: () => undefined });
    for (let i = 0; i < 11_000; i++) held.request(row);
    expect(held.dropped).toBe(500);
  });

  it('groups faults by kind, message shape and own frames, not by the values in them', () => {
    const at = (line: number) => `Error: no row 17\n    at load (/app/src/modules/x.ts:${line}:5)\n    at node:internal/process:1:1`;
    expect(fingerprint({ name: 'Error', message: 'no row 17', stack: at(10) })).toBe(fingerprint({ name: 'Error', message: 'no row 42', stack: at(12) }));
    expect(fingerprint({ name: 'Error', message: 'no row 17', stack: at(10) })).not.toBe(fingerprint({ name: 'TypeError', message: 'no row 17', stack: at(10) }));
  });
});
