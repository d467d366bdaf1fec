import ExcelJS from 'exceljs';
import type { FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { actionPath, labelFieldOf, pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import { smsOutboxResource } from '@wb/contracts/resources/sms-outbox';
import { INCIDENT_DETAIL_PATH } from '@wb/contracts/resources/incident';
import { LOG_TRACE_PATH } from '@wb/contracts/resources/logs';
import { REPORT_PATHS } from '@wb/contracts/resources/report';
import { SUBSCRIBE_PATHS } from '@wb/contracts/resources/subscription';
import { DEVELOP_PATHS } from '@wb/contracts/resources/develop';
import { FLOW_CODES, FLOW_PATHS, FLOW_USER_SELECT_PATH, LEAVE_PROCESS_KEY } from '@wb/contracts/flow';
import { apiLog, attach, errorLog, fileImport, fileImportError, userOauth } from '../src/db/schema/index';
import { storedFile } from '../src/platform/storage';
import { requiredCodes, type RouteAccess } from '../src/platform/permissions';
import { NOTICE_STREAM_PATH } from '../src/modules/system/notice-stream';
import { as, BASIC, login, testApp, type TestApp } from './helper';

/**
 * Every route of the API against who may call it: the declarations are complete,
 * the plain user is refused every code its role does not hold (before any input is
 * looked at), signed-in routes need a token, and no id of tenant 000000 reaches
 * anything through tenant 100001's administrator.
 */

let t: TestApp;
let adminA: Awaited<ReturnType<typeof as>>;
let adminB: Awaited<ReturnType<typeof as>>;
let plain: Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

interface Op {
  method: string;
  /** the route's url as Fastify writes it (':id') */
  url: string;
  /** names of its query, path and JSON body parameters */
  params: string[];
}
const ops: Op[] = [];

/** What the seed grants the plain `user` role (db/seed.ts): the parameter list and a sub-app start page. */
const PLAIN_GRANTS = new Set([
  'param',
  'system',
  // 消息中心: every user's own notices (issue 31)
  'messageCenter',
  'system_admin',
  'app_work',
  'work_home',
  'work_start',
  'work',
  FLOW_CODES.start,
  FLOW_CODES.claim,
  FLOW_CODES.todo,
  FLOW_CODES.send,
  FLOW_CODES.done,
]);
const API_PREFIXES = ['/us-', '/us/', '/wwy-'];
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const PATH_SAMPLES: Record<string, string> = { id: '1', source: 'github', name: 'missing.png' };
const key = (method: string, url: string) => `${method} ${url}`;
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, n: string) => PATH_SAMPLES[n] ?? '1');

beforeAll(async () => {
  t = await testApp();
  adminA = await as(t.app);
  adminB = await as(t.app, 'admin', '100001');
  plain = await as(t.app, 'user');
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Rec>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const params = [...(op.parameters ?? []).map((p: Rec) => p.name as string), ...Object.keys(body?.properties ?? body?.items?.properties ?? {})];
      ops.push({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1'), params });
    }
  }
});
afterAll(() => t.close());

const apiOps = () => ops.filter((o) => API_PREFIXES.some((p) => o.url.startsWith(p)));
const declared = () => new Map(t.ctx.routes.map((r) => [key(r.method, r.url), r]));

/** The codes a permission route accepts, for a submit both the add and the edit code. */
function codesOf(r: RouteAccess): string[] {
  if (typeof r.permission === 'function') {
    const fake = (body: object) => ({ body, query: {}, params: {} }) as unknown as FastifyRequest;
    return [...new Set([...requiredCodes(r.permission, fake({})), ...requiredCodes(r.permission, fake({ id: '1' }))])];
  }
  return [...requiredCodes(r.permission!, {} as FastifyRequest)];
}

describe('declarations', () => {
  it('every operation of the OpenAPI document is a declared route, and every declared route is documented', () => {
    const routes = declared();
    expect(t.ctx.routes.length).toBe(routes.size); // no route twice
    const documented = apiOps();
    expect(documented.length).toBeGreaterThan(100);
    const undeclared = documented.filter((o) => !routes.has(key(o.method, o.url))).map((o) => key(o.method, o.url));
    expect(undeclared).toEqual([]);
    const documentedKeys = new Set(documented.map((o) => key(o.method, o.url)));
    expect(t.ctx.routes.filter((r) => !documentedKeys.has(key(r.method, r.url))).map((r) => key(r.method, r.url))).toEqual([]);
    expect(documented.length).toBe(t.ctx.routes.length);
    // outside the API context only the health checks, public by nature (/metrics is hidden: its own guard, platform/metrics.ts)
    expect(ops.filter((o) => !documentedKeys.has(key(o.method, o.url))).map((o) => key(o.method, o.url))).toEqual(['GET /health', 'GET /health/live', 'GET /health/ready']);
  });

  it('each route declares exactly one of public, signedIn or permission, a permission with codes', () => {
    const counts = { public: 0, signedIn: 0, permission: 0 };
    for (const r of t.ctx.routes) {
      expect(['public', 'signedIn', 'permission']).toContain(r.access);
      counts[r.access]++;
      if (r.access === 'permission') {
        const codes = codesOf(r);
        expect(codes.length, key(r.method, r.url)).toBeGreaterThan(0);
        for (const c of codes) expect(c, key(r.method, r.url)).toMatch(/^[a-z][A-Za-z0-9_]*$/);
      } else expect(r.permission, key(r.method, r.url)).toBeUndefined();
    }
    expect(counts.public + counts.signedIn + counts.permission).toBe(t.ctx.routes.length);
    // the login and retrieval calls are public; no write is public but registration and those
    const publicWrites = t.ctx.routes
      .filter((r) => r.access === 'public' && r.method !== 'GET')
      .map((r) => r.url)
      .sort();
    // the signed upload's PUT: its signature is the credential, made for one signed-in user (file-uploads.test.ts)
    // a QR login's ticket and its redemption by the page holding the ticket's key (qr-login.test.ts)
    expect(publicWrites).toEqual([
      '/us-auth/oauth/token',
      '/us-auth/oauth/token/refresh',
      '/us-resource/oss/endpoint/signed-upload/:name',
      '/us-user/customLogin',
      '/us-user/customLoginByZytQr',
      '/us-user/customRefreshToken',
      '/us-user/qr/ticket',
      '/us-user/register-guest',
      '/us-user/retrieve/resetPassword',
    ]);
    expect(counts.permission).toBeGreaterThan(counts.signedIn);
  });
});

describe('platform routes', () => {
  it('every write of a shared resource is for the default tenant only, even for a tenant whose roles hold the code', async () => {
    const platform = t.ctx.routes.filter((r) => r.platform);
    const shared = RESOURCES.filter((d) => d.tenancy === 'global' && !d.readOnly);
    expect(platform.map((r) => key(r.method, r.url))).toEqual(expect.arrayContaining(shared.flatMap((d) => [key('POST', pathOf(d, 'add')), key('POST', pathOf(d, 'remove'))])));
    for (const r of platform) expect(r.access, key(r.method, r.url)).toBe('permission');
    // tenant 100001 on no package, its administrators granted every menu: they hold every code, and still may not write the platform's rows
    const tenants = (await adminA.call({ method: 'GET', url: '/us-system/tenant/list', query: { tenantId: '100001' } })).json().data.records;
    await adminA.call({ method: 'POST', url: '/us-system/tenant/package-setting', query: { tenantId: tenants[0].id }, payload: { packageId: '' } });
    await t.ctx.database.db.execute(
      `insert into role_menu (role_id, menu_id) select r.id, m.id from role r, menu m where r.tenant_id = '100001' and r.role_alias = 'administrator' on conflict do nothing`,
    );
    t.ctx.access.invalidate();
    const b = await as(t.app, 'admin', '100001');
    for (const r of platform) {
      const res = await b.call({ method: r.method as InjectOptions['method'], url: concrete(r.url), payload: {} });
      expect(res.statusCode, key(r.method, r.url)).toBe(403);
      expect(res.json().msg, key(r.method, r.url)).toBe('仅默认租户可修改');
    }
  });
});

describe('the plain user against every guarded route', () => {
  const garbage = { id: 'not-a-number', ids: ';drop table', current: '-1', size: '100000', nosuch: 'x', userIds: 'x' };

  it('the seed grants the plain role what this matrix assumes, nothing more', async () => {
    const roleIds = plain.token.role_id.split(',').map(Number);
    const { codes } = await t.ctx.access.grants(roleIds);
    expect(codes.size).toBeGreaterThan(0);
    for (const c of codes) expect(PLAIN_GRANTS, c).toContain(c);
  });

  it('answers 403 naming the codes, before any validation, unless the role holds one of them', async () => {
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const r of t.ctx.routes.filter((x) => x.access === 'permission')) {
      const codes = codesOf(r);
      const granted = codes.some((c) => PLAIN_GRANTS.has(c));
      const url = concrete(r.url);
      const empty = await plain.call({ method: r.method as InjectOptions['method'], url });
      const bad = await plain.call({
        method: r.method as InjectOptions['method'],
        url,
        query: garbage,
        ...(r.method === 'GET' ? {} : { payload: { id: 'x', nosuch: { deep: [1] }, password: 1 } }),
      });
      const label = key(r.method, r.url);
      if (granted) {
        allowed.push(label);
        expect(empty.statusCode, label).not.toBe(403);
        expect(empty.statusCode, label).not.toBe(401);
        expect(bad.statusCode, label).not.toBe(403);
        continue;
      }
      refused.push(label);
      for (const res of [empty, bad]) {
        expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, success: false, data: null });
        expect(res.json().msg).toContain(AUTH_MESSAGES.forbidden);
      }
      // the codes asked for are named: for a submit the add code without an id, the edit code with one
      // (a select narrowed by a filter of the list asks for the list's menu alone)
      const named = (req: object) => (typeof r.permission === 'function' ? requiredCodes(r.permission, req as FastifyRequest) : codes);
      for (const c of named({ body: {}, query: {} })) expect(empty.json().msg, label).toContain(c);
      for (const c of named({ body: { id: 'x' }, query: garbage })) expect(bad.json().msg, label).toContain(c);
    }
    // the plain user reads the parameter list and starts and handles affairs (我的事务), and nothing else that is guarded
    const expected = [
      'GET /us-system/param/detail',
      'GET /us-system/param/export',
      'GET /us-system/param/list',
      'GET /us-system/param/select',
      'POST /us-system/param/export-job',
      ...['start-list', 'claim-list', 'todo-list', 'send-list', 'done-list'].map((l) => `GET /us-flow/work/${l}`),
      'GET /us-flow/work/user-select',
      'POST /us-flow/work/claim-task',
      'POST /us-flow/work/complete-task',
      'POST /us-desk/process/leave/start-process',
    ];
    expect(allowed.sort()).toEqual(expected.sort());
    expect(refused.length).toBe(t.ctx.routes.filter((x) => x.access === 'permission').length - expected.length);
  });

  it('a submit with an id asks for the edit code, without one the add code', async () => {
    const noId = await plain.call({ method: 'POST', url: '/us-system/param/submit', payload: {} });
    expect(noId.statusCode).toBe(403);
    expect(noId.json().msg).toContain('param_add');
    const withId = await plain.call({ method: 'POST', url: '/us-system/param/submit', payload: { id: '1' } });
    expect(withId.statusCode).toBe(403);
    expect(withId.json().msg).toContain('param_edit');
    // the granted read validates its input once the permission is settled
    const bad = await plain.call({ method: 'GET', url: '/us-system/param/list', query: { nosuch: '1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'nosuch' });
  });

  it('signed-in routes answer any signed-in user, the plain one too', async () => {
    // a session of its own: logout is among these routes
    const own = await as(t.app, 'user');
    // the notice stream does not end, which inject waits for: it is tried over a socket in notify.test.ts
    const routes = t.ctx.routes
      .filter((r) => r.access === 'signedIn' && r.url !== NOTICE_STREAM_PATH)
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const r of routes) {
      const res = await own.call({ method: r.method as InjectOptions['method'], url: concrete(r.url) });
      expect([401, 403], `${key(r.method, r.url)}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, key(r.method, r.url)).toBeLessThan(500);
    }
  });
});

describe('without a token', () => {
  it('every signed-in and guarded route answers 401, also with a forged or garbage token', async () => {
    const forged = (await login(t.app)).body.access_token.replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
    for (const r of t.ctx.routes.filter((x) => x.access !== 'public')) {
      const url = concrete(r.url);
      for (const headers of [{}, { 'saas-auth': 'bearer garbage' }, { 'saas-auth': `bearer ${forged}` }, { authorization: BASIC }]) {
        const res = await t.app.inject({ method: r.method as InjectOptions['method'], url, headers });
        expect(res.statusCode, `${key(r.method, r.url)} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 401, success: false, msg: AUTH_MESSAGES.unauthorized });
      }
    }
  });

  it('public routes answer without one (never the 401 of a missing token)', async () => {
    for (const r of t.ctx.routes.filter((x) => x.access === 'public')) {
      const res = await t.app.inject({ method: r.method as InjectOptions['method'], url: concrete(r.url), headers: { authorization: BASIC } });
      expect(res.statusCode, `${key(r.method, r.url)}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, key(r.method, r.url)).toBeLessThan(500);
    }
  });
});

describe('tenant 100001 against tenant 000000’s records', () => {
  const MDM = '/wwy-us-mdm/api/v1';
  /** routes (METHOD url) tenant B called with tenant A's keys */
  const exercised = new Set<string>();
  /**
   * Keys of tenant A's records, per resource (each table numbers its own ids, so the same number
   * may name records of two tables): no record or node answered to B may carry one.
   */
  const aKeys = new Map<string, Set<string>>();
  const keysOf = (name: string) => aKeys.get(name) ?? aKeys.set(name, new Set()).get(name)!;

  const data = async (res: ReturnType<typeof adminA.call>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
    return r.json().data;
  };
  const asA = (method: 'GET' | 'POST', url: string, query: Record<string, string> = {}, payload?: object) => adminA.call({ method, url, query, payload });

  /** The values of the keys that name a record or a node (id, key, value, parentId, userId), at any depth. */
  function namedKeys(v: unknown, out: string[] = []): string[] {
    if (Array.isArray(v)) v.forEach((x) => namedKeys(x, out));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (['id', 'key', 'value', 'parentId', 'parentCode', 'userId'].includes(k) && (typeof x === 'string' || typeof x === 'number')) out.push(String(x));
        else namedKeys(x, out);
      }
    }
    return out;
  }

  /**
   * A call by B with A's keys: recorded as exercised; a 2xx JSON answer must not carry tenant
   * 000000 nor name any record of `resource` of tenant A.
   */
  async function asB(resource: string, method: 'GET' | 'POST', pattern: string, opts: { query?: Record<string, string>; payload?: object; params?: Record<string, string> } = {}) {
    exercised.add(key(method, pattern));
    const url = pattern.replace(/:(\w+)/g, (_, n: string) => opts.params?.[n] ?? '1');
    const res = await adminB.call({ method, url, query: opts.query, payload: opts.payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    if (res.statusCode < 300 && String(res.headers['content-type']).includes('json')) assertNoLeak(res.json(), resource, `${method} ${url}`);
    return res;
  }
  function assertNoLeak(answer: unknown, resource: string, label: string) {
    expect(JSON.stringify(answer), label).not.toContain('"tenantId":"000000"');
    const theirs = keysOf(resource);
    const leaked = namedKeys(answer).filter((k) => theirs.has(k));
    expect(leaked, `${label} names tenant 000000's ${resource} records`).toEqual([]);
  }

  const logRow = async (table: typeof apiLog | typeof errorLog, extra: object): Promise<Rec> => {
    const base = { tenantId: '000000', serviceId: 'workbench', serverHost: 'a', method: 'GET', requestUri: '/a', requestId: 'a-request-id' };
    const [row] = await t.ctx.database.logs
      .insert(table)
      .values({ ...base, ...extra } as never)
      .returning();
    return { ...row, id: String(row.id) } as Rec;
  };
  const perTenant = RESOURCES.filter((d) => d.tenancy !== 'global');
  /** Creates a record of tenant A where the seed has none. */
  const create: Record<string, () => Promise<Rec>> = {
    supplier: () => data(asA('POST', `${MDM}/supplier/submit`, {}, { name: 'A 的供应商', phone: '0755-1' })),
    systemnotify: () => data(asA('POST', '/us-system/system-notify/submit', {}, { title: 'A 的公告', content: '<p>A 的公告</p>', targetType: 2 })),
    messagenotify: async () => {
      const me = (await data(asA('GET', '/us-user/page', { account: 'admin' }))).records[0];
      return data(asA('POST', '/us-system/message-notify/submit', {}, { userId: me.id, content: 'A 的提醒' }));
    },
    vehicle: async () => {
      const [p] = await data(asA('GET', `${MDM}/project/select`));
      return data(asA('POST', `${MDM}/vehicle/submit`, {}, { plateNo: '粤A00001', vehicleType: '1', projectId: p.id }));
    },
    incident: async () => {
      const me = (await data(asA('GET', '/us-user/page', { account: 'admin' }))).records[0];
      const [p] = await data(asA('GET', `${MDM}/project/select`));
      return data(asA('POST', '/wwy-us-incident/srt/incident-manage/submit', {}, { title: 'A 的事件', incidentType: '1', projectId: p.id, handlerId: me.id, deadline: '2099-01-01' }));
    },
    // the logs are written by requests, in batches: rows of A's are put there directly
    api: async () => logRow(apiLog, { route: '', status: 200, durationMs: 1 }),
    error: async () => logRow(errorLog, { status: 500, message: 'A 的错误', fingerprint: 'x' }),
    usual: async () => {
      await data(asA('POST', '/us-log/log/saveUsualLog', {}, [{ type: 'error', url: '/a', message: 'A 的日志', time: '2026-01-01 00:00:00' }]));
      return (await data(asA('GET', '/us-log/usual/list', { size: '1' }))).records[0];
    },
    sms: () => data(asA('POST', '/us-resource/sms/submit', {}, { category: 1, smsCode: 'a-sms', secretKey: 'a-secret' })),
    oss: () => data(asA('POST', '/us-resource/oss/submit', {}, { category: 0, ossCode: 'a-oss' })),
    // attachments are made by uploads: A's file is recorded directly
    attach: async () => {
      const file = storedFile({ tenantId: '000000', userId: 1, name: '00000000-0000-0000-0000-00000000000a.txt', originalName: 'A 的附件.txt', size: 3 });
      const [row] = await t.ctx.database.db.insert(attach).values(file).returning();
      return { ...row, id: String(row.id) } as Rec;
    },
    report: () => data(asA('POST', '/us-report/report/rest/submit', {}, { name: 'A 的报表', resource: 'supplier', query: '{}', columns: '["name"]' })),
    // no limit and no reminder: the other scenarios add users and vehicles to this project
    subscribepackage: async () => {
      const p = (await data(asA('GET', `${MDM}/project/list`, { size: '1' }))).records[0];
      const counts = { accountNum: -1, userNum: -1, deviceNum: -1 };
      const body = { packageName: 'A 的套餐', companyId: p.companyId, projectId: p.id, type: 1, ...counts, startDate: '2026-01-01', endDate: '2099-12-31' };
      return data(asA('POST', `${MDM}/subscribe-package/submit`, {}, body));
    },
  };

  /** The dialog values of actions that have a dialog, as tenant B would fill them in (filled in beforeAll). */
  const actionBodies: Record<string, object> = {};

  /** A record of tenant A; for a tree, one with children (a child is added when none has). */
  async function recordOf(def: AnyResourceDef): Promise<Rec> {
    if (def.tree) {
      const parentField = def.tree.parentField;
      const top: Rec[] = await data(asA('GET', `${def.basePath}/lazy-list`));
      for (const r of top) if ((await data(asA('GET', `${def.basePath}/lazy-list`, { [parentField]: r.id }))).length) return r;
      // roles: a child under the first one
      const child = await data(asA('POST', pathOf(def, 'add'), {}, { roleName: 'A 的子角色', roleAlias: 'a_child', parentId: top[0].id, sort: 3 }));
      expect(child.parentId).toBe(top[0].id);
      return top[0];
    }
    const page = await data(asA('GET', pathOf(def, 'list'), { size: '1' }));
    return page.records[0] ?? (await create[def.name]());
  }

  /** Every key of tenant A's records of every per-tenant resource: the leak check looks for all of them. */
  beforeAll(async () => {
    actionBodies.grant = { roleIds: (await data(adminB.call({ method: 'GET', url: '/us-system/role/lazy-list' })))[0].id };
    for (const def of [...perTenant, smsOutboxResource]) {
      if (create[def.name] && (await data(asA('GET', pathOf(def, 'list')))).total === 0) await create[def.name]();
    }
    await t.ctx.sms.send('000000', ['13800000000'], { content: 'A 的短信 1234', params: {} });
    for (const def of [...perTenant, smsOutboxResource]) {
      for (let current = 1; ; current++) {
        const page = await data(asA('GET', pathOf(def, 'list'), { size: '200', current: String(current) }));
        for (const r of page.records) keysOf(def.name).add(String(r.id));
        if (current >= page.pages) break;
      }
      expect(keysOf(def.name).size, def.name).toBeGreaterThan(0);
    }
  });

  for (const def of [...perTenant, smsOutboxResource]) {
    it(`${def.name}: detail, submit, remove, list, export${def.tree ? ', lazy-list, lazy-tree, tree' : ''} refuse or hide tenant 000000's record`, async () => {
      const rec = await recordOf(def);
      const id = String(rec.id);
      keysOf(def.name).add(id);
      const before = await data(asA('GET', pathOf(def, 'detail'), { id }));

      for (const path of [pathOf(def, 'detail'), ...(def.name === 'user' ? ['/us-user/v2/detail'] : [])]) {
        const detail = await asB(def.name, 'GET', path, { query: { id } });
        expect(detail.statusCode, path).toBe(404);
      }

      const listPaths = [
        pathOf(def, 'list'),
        ...(def.name === 'user' ? ['/us-user/v2/page', '/us-user/list'] : []),
        ...(def.name === 'role' ? ['/us-system/v2/role/page'] : []),
        ...(def.name === 'dictbiz' ? [`${def.basePath}/parent-list`, `${def.basePath}/child-list`] : []),
      ];
      for (const path of listPaths) {
        const list = await asB(def.name, 'GET', path, { query: { ids: id } });
        expect(list.json().data, path).toMatchObject({ total: 0, records: [] });
      }
      // the family's forest list takes the same filters: A's ids give B an empty forest
      if (def.forestList) expect((await asB(def.name, 'GET', `${def.basePath}/list`, { query: { ids: id } })).json().data, `${def.basePath}/list`).toEqual([]);
      if (def.name === 'dictbiz') expect((await asB(def.name, 'GET', `${def.basePath}/child-list`, { query: { parentId: id } })).json().data).toMatchObject({ total: 0, records: [] });
      // the select takes the list's filters (the grids of one project): A's ids give B no option
      if (!def.tree) expect((await asB(def.name, 'GET', pathOf(def, 'select'), { query: { ids: id } })).json().data, `${def.name}/select`).toEqual([]);
      // the list's filters by a ref (a user's department, a vehicle's project …) find nothing of A's either
      for (const [field, f] of Object.entries(def.fields)) {
        if (!f.search || !['ref', 'multiRef'].includes(f.kind) || !before[field]) continue;
        const value = String(before[field]).split(',')[0];
        const res = await asB(def.name, 'GET', pathOf(def, 'list'), { query: { [field]: value } });
        expect(res.json().data.total, `${def.name}.${field}`).toBe(0);
      }

      const sheet = await asB(def.name, 'GET', pathOf(def, 'export'), { query: { ids: id } });
      expect(sheet.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(new Uint8Array(sheet.rawPayload).buffer);
      expect(wb.worksheets[0].rowCount).toBe(1);
      // the same export as a job of the download centre: done with no rows of A's (its answers
      // are not searched for A's keys: a job's own id may equal one, every table counts from the same start)
      exercised.add(key('POST', pathOf(def, 'export-job')));
      exercised.add(key('GET', '/us-resource/base/download/downloadList'));
      const job = (await adminB.call({ method: 'POST', url: pathOf(def, 'export-job'), query: { ids: id } })).json().data as { id: string };
      let exported: { jobStatus: number; rowCount: number } | undefined;
      for (let i = 0; i < 100 && exported?.jobStatus !== 3; i++) {
        if (i) await new Promise((r) => setTimeout(r, 50));
        const downloads = (await adminB.call({ method: 'GET', url: '/us-resource/base/download/downloadList', query: { projectId: id } })).json().data as {
          records: { id: string; jobStatus: number; rowCount: number }[];
        };
        exported = downloads.records.find((r) => r.id === job.id);
      }
      expect(exported).toMatchObject({ jobStatus: 3, rowCount: 0 });

      if (!def.readOnly) {
        const label = labelFieldOf(def);
        const updatePaths = [
          pathOf(def, 'update'),
          ...(def.name === 'user' ? ['/us-user/v2/update', '/us-user/v2/submit', '/us-user/submit'] : []),
          ...(def.name === 'role' ? ['/us-system/v2/role/submit'] : []),
        ];
        for (const path of [...new Set(updatePaths)]) {
          const res = await asB(def.name, 'POST', path, { payload: { ...before, [label]: 'HIJACKED' } });
          expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
        }
        for (const path of [pathOf(def, 'remove'), ...(def.name === 'role' ? ['/us-system/v2/role/remove'] : [])]) {
          const removed = await asB(def.name, 'POST', path, { query: { ids: id } });
          expect(removed.statusCode, path).toBe(404);
        }
        const removedById = await asB(def.name, 'POST', pathOf(def, 'remove'), { query: { id } });
        expect(removedById.statusCode).toBe(404);
      }
      // an action on A's record: not found, or done to nothing (A's record is compared below); one
      // that writes the platform's shared rows is refused to B outright
      for (const action of (def.actions ?? []).filter((a) => a.on !== 'toolbar')) {
        // a dialog's values are B's own (a role of B's for the user role grant)
        const payload = action.fields ? (actionBodies[action.name] ?? {}) : undefined;
        const res = await asB(def.name, 'POST', actionPath(def, action), { query: { [action.idsParam ?? 'ids']: id }, payload });
        expect(action.platform ? [403] : [200, 404], `${action.name}: ${res.body}`).toContain(res.statusCode);
      }

      if (def.tree) {
        const parentField = def.tree.parentField;
        expect((await asB(def.name, 'GET', `${def.basePath}/lazy-list`, { query: { [parentField]: id } })).json().data).toEqual([]);
        expect((await asB(def.name, 'GET', `${def.basePath}/lazy-tree`, { query: { [parentField]: id } })).json().data).toEqual([]);
        // the tenantId the family's clients send is not obeyed: B sees B's tree
        for (const path of [`${def.basePath}/tree`, ...(def.name === 'role' ? ['/us-system/v2/role/tree'] : [])]) {
          const tree = await asB(def.name, 'GET', path, { query: { tenantId: '000000' } });
          expect(tree.statusCode).toBe(200);
          expect(tree.json().data.length).toBeGreaterThan(0);
        }
      } else if (pathOf(def, 'select') && !def.readOnly) {
        const options = await adminB.call({ method: 'GET', url: pathOf(def, 'select') });
        expect(options.statusCode).toBe(200);
        assertNoLeak(options.json(), def.name, `${def.name}/select`);
      }

      // A's record is untouched
      const after = await data(asA('GET', pathOf(def, 'detail'), { id }));
      expect(after).toEqual(before);
    });
  }

  it('B cannot point its own records at A’s departments, roles, posts or parents', async () => {
    const aRoot = (await data(asA('GET', '/us-system/dept/lazy-list')))[0];
    const aRole = (await data(asA('GET', '/us-system/role/lazy-list')))[0];
    const aPost = (await data(asA('GET', '/us-system/post/select')))[0];
    const bRoot = (await data(adminB.call({ method: 'GET', url: '/us-system/dept/lazy-list' })))[0];
    const bRole = (await data(adminB.call({ method: 'GET', url: '/us-system/role/lazy-list' })))[0];
    const user = { account: 'b.cross', password: 'Cross123', name: 'x', realName: 'x', roleId: bRole.id, deptId: bRoot.id };
    for (const [field, value] of [
      ['roleId', aRole.id],
      ['deptId', aRoot.id],
      ['postId', aPost.id],
      ['roleId', `${bRole.id},${aRole.id}`],
    ]) {
      const res = await asB('user', 'POST', '/us-user/submit', { payload: { ...user, [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    const dept = await asB('dept', 'POST', '/us-system/dept/submit', { payload: { deptName: 'x', fullName: 'x', parentId: aRoot.id, deptCategory: 2, sort: 1 } });
    expect(dept.json()).toMatchObject({ msg: '上级不存在', data: { field: 'parentId' } });
    const moved = await asB('dept', 'POST', '/us-system/dept/submit', { payload: { ...bRoot, parentId: aRoot.id } });
    expect(moved.json()).toMatchObject({ msg: '上级不存在', data: { field: 'parentId' } });
    const role = await asB('role', 'POST', '/us-system/role/submit', { payload: { roleName: 'x', roleAlias: 'x_cross', parentId: aRole.id, sort: 1 } });
    expect(role.json()).toMatchObject({ msg: '上级不存在', data: { field: 'parentId' } });
  });

  describe('hand-written routes that take an id', () => {
    let aUser: Rec;
    let aAdmin: Rec;
    let aProject: Rec;
    beforeAll(async () => {
      aUser = (await data(asA('GET', '/us-user/page', { account: 'user' }))).records[0];
      aAdmin = (await data(asA('GET', '/us-user/page', { account: 'admin' }))).records[0];
      // the first project of A: the one its second business link is limited to
      aProject = (await data(asA('GET', '/us/authority/biz/project/projectList')))[0];
      keysOf('user').add(aUser.id).add(aAdmin.id);
      keysOf('project').add(aProject.id);
    });

    it('user platform settings and password of another tenant’s user: 404, nothing changed', async () => {
      await data(asA('POST', '/us-user/update-platform', {}, { userId: aUser.id, userType: 1, userExt: 'A ext' }));
      expect((await asB('user', 'GET', '/us-user/platform-detail', { query: { id: aUser.id } })).statusCode).toBe(404);
      expect((await asB('user', 'POST', '/us-user/update-platform', { payload: { userId: aUser.id, userType: 1, userExt: 'B ext' } })).statusCode).toBe(404);
      expect((await data(asA('GET', '/us-user/platform-detail', { id: aUser.id }))).userExt).toBe('A ext');
      expect((await asB('user', 'POST', '/us-user/update-password2', { payload: { userId: aUser.id, newPassword: 'Taken123', newPassword1: 'Taken123' } })).statusCode).toBe(404);
      expect((await asB('user', 'POST', '/us-user/reset-password', { query: { userIds: aAdmin.id } })).statusCode).toBe(404);
      expect((await login(t.app, 'user', '000000', 'Taken123')).status).toBe(400);
      expect((await login(t.app, 'user', '000000', 'admin123')).status).toBe(200);
      expect((await login(t.app, 'admin', '000000', 'admin123')).status).toBe(200);
    });

    it('approving another tenant’s guest approves nothing', async () => {
      await t.app.inject({ method: 'POST', url: '/us-user/register-guest', payload: { tenantId: '000000', account: 'a.guest', password: 'Guest123' } });
      const guest = (await data(asA('GET', '/us-user/page', { account: 'a.guest' }))).records[0];
      keysOf('user').add(guest.id);
      const res = await asB('user', 'POST', '/us-user/audit-pass', { query: { userIds: guest.id } });
      expect(res.json().msg).toBe('已审核 0 个账号');
      expect((await data(asA('GET', '/us-user/detail', { id: guest.id }))).status).toBe(0);
    });

    it('the upload centre: B cannot read A’s import, nor its error file, and lists only its own', async () => {
      const [imported] = await t.ctx.database.db
        .insert(fileImport)
        .values({
          tenantId: '000000',
          userId: 1,
          resource: 'param',
          actor: {},
          fileName: 'a.xlsx',
          objectName: 'x.xlsx',
          headers: ['参数名称'],
          jobStatus: 3,
          totalNum: 1,
          failedNum: 1,
        })
        .returning({ id: fileImport.id });
      await t.ctx.database.db.insert(fileImportError).values({ importId: imported.id, rowNo: 2, cells: ['A 的数据'], message: 'x' });
      // import ids come from the same count as records: answers are read, not searched for A's keys
      for (const url of ['/us-resource/file-import/getById', '/us-resource/file-import/export']) {
        exercised.add(key('GET', url));
        const res = await adminB.call({ method: 'GET', url, query: { id: String(imported.id), importId: String(imported.id) } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('A 的数据');
      }
      exercised.add(key('POST', '/us-resource/file-import/pageList'));
      const list = (await adminB.call({ method: 'POST', url: '/us-resource/file-import/pageList', payload: { pageNum: 1, pageSize: 10 } })).json().data as { records: { id: string }[] };
      expect(list.records.map((r) => r.id)).not.toContain(String(imported.id));
    });

    it('notices: B neither lists nor marks A’s announcements and reminders', async () => {
      const announcement = (await data(asA('GET', '/us-system/system-notify/list', { size: '1' }))).records[0];
      await asA('POST', '/us-system/system-notify/publish', { ids: announcement.id });
      const reminder = (await data(asA('GET', '/us-system/message-notify/list', { size: '1' }))).records[0];
      for (const url of ['/us-system/system-notify/pageSystemNotify', '/us-system/message-notify/pageMessageNotify']) {
        const res = await asB(url.includes('system') ? 'systemnotify' : 'messagenotify', 'POST', url, { payload: { current: 1, size: 100 } });
        expect(res.statusCode).toBe(200);
      }
      // answers are read, not only searched: an announcement's systemNotifyUserId is its id
      const marked = await asB('systemnotify', 'POST', '/us-system/system-notify/updateSystemNotifyUser', { payload: { systemNotifyUserId: announcement.id, readStatus: 1 } });
      expect(marked.statusCode).toBe(404);
      const read = await asB('messagenotify', 'POST', '/us-system/message-notify/updateMessageNotifyUser', { payload: { id: reminder.id, readStatus: 1 } });
      expect(read.statusCode).toBe(404);
      expect((await data(asA('GET', '/us-system/message-notify/detail', { id: reminder.id }))).readStatus).toBe(0);
    });

    it('a guest cannot bind a third-party identity of another tenant', async () => {
      const [binding] = await t.ctx.database.db.insert(userOauth).values({ tenantId: '000000', source: 'github', uuid: 'gh-1', username: 'octo' }).returning({ id: userOauth.id });
      exercised.add('POST /us-user/register-guest');
      const res = await t.app.inject({
        method: 'POST',
        url: '/us-user/register-guest',
        payload: { tenantId: '100001', account: 'b.guest', password: 'Guest123', oauthId: String(binding.id) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: { field: 'oauthId' } });
    });

    it('the switch lists, a project’s details, the business links and the menus answer B’s own only', async () => {
      const depts = await asB('dept', 'GET', '/us-system/dept/select', { query: { userId: aAdmin.id } });
      expect(depts.json().data.map((d: Rec) => d.name)).toEqual(['示范物业公司']);
      const roles = await asB('role', 'GET', '/us-system/role/select', { query: { userId: aAdmin.id } });
      expect(roles.json().data.map((r: Rec) => r.name)).toEqual(['超级管理员']);

      expect((await asB('project', 'GET', `${MDM}/wx/mdmProject/:id`, { params: { id: aProject.id } })).statusCode).toBe(404);
      expect((await data(asA('GET', `${MDM}/wx/mdmProject/${aProject.id}`))).name).toBe(aProject.name);

      const aLinks = await data(asA('GET', '/us-system/business-system-ext/menu-list', { projectId: aProject.id }));
      expect(aLinks.length).toBe(2);
      for (const l of aLinks) keysOf('businessLink').add(l.id);
      const bLinks = await asB('businessLink', 'GET', '/us-system/business-system-ext/menu-list', { query: { projectId: aProject.id } });
      expect(bLinks.json().data.map((l: Rec) => l.name)).toEqual(['智慧停车']);

      const aTop = await data(asA('GET', '/us-system/v2/top-menu-multi/top-menu'));
      const bTop = await data(adminB.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' }));
      expect(bTop.length).toBe(aTop.length);
      const routes = await asB('topMenu', 'GET', '/us-system/v2/menu-multi/routes', { query: { topMenuId: aTop[0].id } });
      expect(routes.statusCode).toBe(404);
      const own = await adminB.call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: bTop[0].id } });
      expect(own.json().data.length).toBeGreaterThan(0);
    });

    it('role grants: B cannot read, grant, preview or trace A’s roles and users, nor their projects', async () => {
      const aRole = (await data(asA('GET', '/us-system/role/lazy-list')))[0];
      keysOf('role').add(aRole.id);
      const before = await data(asA('GET', '/us-system/menu/role-tree-keys', { roleIds: aRole.id }));
      for (const v of ['', '/v2']) {
        expect((await asB('role', 'GET', `/us-system${v}/menu/role-tree-keys`, { query: { roleIds: aRole.id } })).statusCode).toBe(404);
        expect((await asB('role', 'POST', `/us-system${v}/role/grant`, { payload: { roleIds: aRole.id, menuIds: '' } })).statusCode).toBe(404);
      }
      expect((await asB('role', 'POST', '/us-system/role/view-as', { payload: { roleIds: aRole.id } })).statusCode).toBe(404);
      expect((await asB('user', 'POST', '/us-system/role/view-as', { payload: { userId: aAdmin.id } })).statusCode).toBe(404);
      expect((await asB('role', 'GET', '/us-system/role/grant-log', { query: { roleId: aRole.id } })).statusCode).toBe(404);
      expect((await asB('role', 'GET', '/us-system/role/tree-by-id', { query: { roleId: aRole.id } })).statusCode).toBe(404);
      expect((await asB('role', 'GET', '/us-system/v2/role/listProjectByRoleId', { query: { roleId: aRole.id } })).statusCode).toBe(404);
      expect((await asB('role', 'GET', '/us-system/v2/role/getProjectTreeByRoleId', { query: { roleId: aRole.id } })).statusCode).toBe(404);
      expect(await data(asA('GET', '/us-system/menu/role-tree-keys', { roleIds: aRole.id }))).toEqual(before);
    });

    it('top menus: B cannot read, set or overwrite A’s top menus', async () => {
      const aTop = (await data(asA('GET', '/us-system/v2/top-menu-multi/top-menu')))[0];
      keysOf('topMenu').add(aTop.id);
      const before = await data(asA('GET', '/us-system/menu/top-tree-keys', { topMenuIds: aTop.id }));
      expect((await asB('topMenu', 'GET', '/us-system/menu/top-tree-keys', { query: { topMenuIds: aTop.id } })).statusCode).toBe(404);
      expect((await asB('topMenu', 'POST', '/us-system/topmenu/grant', { payload: { topMenuIds: aTop.id, menuIds: '' } })).statusCode).toBe(404);
      const over = await asB('topMenu', 'POST', '/us-system/v2/top-menu-multi/submit', { payload: { id: aTop.id, name: 'HIJACKED', code: 'x', sort: 1 } });
      expect(over.statusCode).toBe(404);
      expect(await data(asA('GET', '/us-system/menu/top-tree-keys', { topMenuIds: aTop.id }))).toEqual(before);
      expect((await data(asA('GET', '/us-system/v2/top-menu-multi/top-menu')))[0].name).toBe(aTop.name);
    });

    it('files: a signed upload asked for by the name of a file of A is a new file of B, and reaches nothing of A’s', async () => {
      const boundary = 'matrixboundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nA's text\r\n--${boundary}--\r\n`;
      const aFile = await data(adminA.call({ method: 'POST', url: '/us/file/biz/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
      keysOf('attach').add(aFile.attachId);
      const res = await asB('attach', 'GET', '/wwy-us-adapter/biz/file/createSignedUrlSync/:id', { params: { id: aFile.name } });
      expect(res.statusCode).toBe(200);
      const { signedUrl, actualSignedRequestHeaders, url } = res.json().data;
      const aUuid = aFile.name.slice(0, 36);
      expect(`${signedUrl} ${url}`).not.toContain(aUuid);
      expect(url).toMatch(/-100001-/);
      expect((await t.app.inject({ method: 'PUT', url: signedUrl, headers: actualSignedRequestHeaders, payload: "B's text" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: aFile.link })).body).toBe("A's text");
      expect((await t.app.inject({ method: 'GET', url })).body).toBe("B's text");
    });

    it('subscription: B reads no package or reminder of A’s projects and companies, and dismisses none', async () => {
      const [aCompany] = await data(asA('GET', `${MDM}/company/select`));
      keysOf('company').add(aCompany.id);
      for (const url of [SUBSCRIBE_PATHS.packageList, SUBSCRIBE_PATHS.notifyList]) {
        expect((await asB('subscribepackage', 'GET', url, { query: { projectId: aProject.id } })).statusCode, url).toBe(404);
        expect((await asB('subscribepackage', 'GET', url, { query: { companyId: aCompany.id, projectId: '-1' } })).statusCode, url).toBe(404);
      }
      expect((await asB('subscribepackage', 'POST', SUBSCRIBE_PATHS.dismiss, { payload: { projectId: aProject.id } })).statusCode).toBe(404);
      expect((await asB('subscribepackage', 'POST', SUBSCRIBE_PATHS.dismiss, { payload: { companyId: aCompany.id } })).statusCode).toBe(404);
    });

    it('the big screen, the dispatch tree and the sessions answer nothing of A’s projects, users and sessions', async () => {
      expect((await asB('project', 'GET', '/us/lsds/hd/screen/getHdBaseInfoByProjectId', { query: { projectId: aProject.id } })).statusCode).toBe(404);
      // the figures of the home page take a list of projects: B's list of A's project counts nothing
      const figures = (projectIds: string) => ({ query: { projectIds } });
      expect((await asB('project', 'GET', '/us/lsds/hd/screen/project-figures', figures(aProject.id))).json().data).toEqual([]);
      expect((await data(asA('GET', '/us/lsds/hd/screen/project-figures', { projectIds: aProject.id }))).map((r: Rec) => r.projectId)).toEqual([aProject.id]);
      expect((await asB('user', 'GET', '/us/authority/sys/admin/v1/tree-list-dispatch-authority', { query: { userId: aAdmin.id } })).statusCode).toBe(404);
      const aSessions = await data(asA('GET', '/us-auth/oauth/sessions'));
      expect((await asB('session', 'GET', '/us-auth/oauth/logoutByUuid', { query: { uuid: aSessions[0].uuid } })).statusCode).toBe(404);
      expect((await data(asA('GET', '/us-auth/oauth/sessions'))).map((x: Rec) => x.uuid)).toContain(aSessions[0].uuid);
      const [aIncident] = keysOf('incident');
      expect((await asB('incident', 'GET', INCIDENT_DETAIL_PATH, { query: { id: aIncident } })).statusCode).toBe(404);
      expect((await data(asA('GET', INCIDENT_DETAIL_PATH, { id: aIncident }))).title).toBe('A 的事件');
    });

    it('a report’s chart and the log explorer answer nothing of A’s', async () => {
      const [aReport] = keysOf('report');
      expect((await data(asA('GET', REPORT_PATHS.chart, { id: aReport }))).chart).toBeNull();
      expect((await asB('report', 'GET', REPORT_PATHS.chart, { query: { id: aReport } })).statusCode).toBe(404);
      await t.ctx.requestLog.flush();
      const { requestId } = (await data(asA('GET', '/us-log/api/list', { size: '1' }))).records[0];
      const trace = await asB('api', 'GET', LOG_TRACE_PATH, { query: { requestId } });
      expect(trace.json().data).toEqual({ api: [], errors: [], usual: [] });
      expect((await data(asA('GET', LOG_TRACE_PATH, { requestId }))).api.length).toBe(1);
      // B's shell reporting A's request id writes B's log, which A's explorer does not show
      const report = { type: 'bug', url: '/b', message: 'B 的上报', time: '2026-11-25 10:00:00', requestId };
      expect((await asB('usual', 'POST', '/us-log/log/saveUsualLog', { payload: [report] })).statusCode).toBe(200);
      expect((await data(asA('GET', LOG_TRACE_PATH, { requestId }))).usual).toEqual([]);
    });

    it('flow: B reads, changes, claims and completes nothing of A’s models, definitions, instances, tasks and leave requests', async () => {
      const leave = (await data(asA('GET', FLOW_PATHS.startList))).records.find((r: Rec) => r.key === LEAVE_PROCESS_KEY);
      const model = await data(asA('POST', FLOW_PATHS.modelSubmit, {}, { modelKey: 'a_model', name: 'A 的模型', xml: '<definitions />' }));
      const started = await data(
        asA(
          'POST',
          FLOW_PATHS.leaveStart,
          {},
          { processDefinitionId: leave.id, leaveType: '1', startTime: '2026-12-01 09:00', endTime: '2026-12-02 09:00', reason: 'A', taskUser: aUser.id },
        ),
      );
      // the approver is A's plain user (no one approves their own request)
      const approverA = await as(t.app, 'user');
      const claimListOfA = async () => (await data(approverA.call({ method: 'GET', url: FLOW_PATHS.claimList }))).records as Rec[];
      const task = (await claimListOfA()).find((r: Rec) => r.processInstanceId === started.processInstanceId)!;
      for (const k of [model, leave.id, leave.deploymentId, started.processInstanceId, started.businessId, task.taskId]) keysOf('flow').add(String(k));
      const refused = async (method: 'GET' | 'POST', url: string, values: Record<string, string>, status: number) => {
        const res = await asB('flow', method, url, method === 'GET' ? { query: values } : { payload: values });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      };
      await refused('GET', FLOW_PATHS.modelDetail, { id: model }, 404);
      await refused('POST', FLOW_PATHS.modelSubmit, { id: model, modelKey: 'b', name: 'HIJACKED', xml: '<x/>' }, 404);
      await refused('POST', FLOW_PATHS.modelDeploy, { modelId: model, category: 'flow_1' }, 404);
      await asB('flow', 'POST', FLOW_PATHS.modelRemove, { payload: { ids: model } });
      expect((await data(asA('GET', FLOW_PATHS.modelDetail, { id: model }))).name).toBe('A 的模型');
      await refused('POST', FLOW_PATHS.managerChangeState, { processId: leave.id, state: 'suspend' }, 404);
      await refused('POST', FLOW_PATHS.managerDeleteDeployment, { deploymentIds: leave.deploymentId }, 404);
      await refused('POST', FLOW_PATHS.followDeleteInstance, { processInstanceId: started.processInstanceId, deleteReason: 'x' }, 404);
      await refused('POST', FLOW_PATHS.claimTask, { taskId: task.taskId }, 403);
      await refused('POST', FLOW_PATHS.completeTask, { taskId: task.taskId }, 403);
      await refused('GET', FLOW_PATHS.modelView, { processInstanceId: started.processInstanceId }, 404);
      await refused('GET', FLOW_PATHS.modelView, { processDefinitionId: leave.id }, 404);
      await refused('GET', FLOW_PATHS.historyFlowList, { processInstanceId: started.processInstanceId }, 404);
      await refused('GET', FLOW_PATHS.leaveDetail, { businessId: started.businessId }, 404);
      await refused(
        'POST',
        FLOW_PATHS.leaveStart,
        { processDefinitionId: leave.id, leaveType: '1', startTime: '2026-12-01', endTime: '2026-12-02', reason: 'B', taskUser: aAdmin.id },
        400,
      );
      expect((await asB('flow', 'GET', FLOW_PATHS.followList, { query: { processInstanceId: started.processInstanceId } })).json().data.records).toEqual([]);
      keysOf('user').add(aAdmin.id);
      await asB('user', 'GET', FLOW_USER_SELECT_PATH);
      // A's own, untouched
      expect((await claimListOfA()).map((r: Rec) => r.taskId)).toContain(task.taskId);
      await data(asA('POST', FLOW_PATHS.followDeleteInstance, {}, { processInstanceId: started.processInstanceId, deleteReason: '测试结束' }));
    });

    it('development tools: a model’s design is the platform’s, read alike by every tenant, written by the default tenant only', async () => {
      const model = await data(asA('POST', '/us-develop/model/submit', {}, { modelName: 'A 的模型', modelCode: 'matrixModel', modelTable: 'param' }));
      const design = [{ modelId: model.id, jdbcName: 'param_name', jdbcComment: '参数名称', componentType: 'input', isList: 1, isForm: 1, isRequired: 1, isQuery: 0, sort: 1 }];
      expect((await asB('model', 'POST', DEVELOP_PATHS.prototypeSubmitList, { payload: design })).json().msg).toBe('仅默认租户可修改');
      const read = await asB('model', 'GET', DEVELOP_PATHS.prototypeSelect, { query: { modelId: model.id } });
      expect(read.json().data).toEqual(await data(asA('GET', DEVELOP_PATHS.prototypeSelect, { modelId: model.id })));
    });

    it('every OpenAPI operation with an id parameter was called by tenant 100001 with tenant 000000’s ids', () => {
      const idParam = (n: string) => n !== 'tenantId' && /^(id|ids)$|[a-z](Id|Ids)$/.test(n);
      // the platform's shared records (and the v2 paths of the menus) are the same for every tenant
      const global = [...RESOURCES.filter((d) => d.tenancy === 'global').map((d) => `${d.basePath}/`), '/us-system/v2/menu-multi/'];
      const withIds = apiOps().filter((o) => o.params.some(idParam) && !global.some((g) => o.url.startsWith(g)));
      expect(withIds.length).toBeGreaterThan(60);
      const missed = withIds.map((o) => key(o.method, o.url)).filter((k) => !exercised.has(k));
      expect(missed).toEqual([]);
    });
  });
});
