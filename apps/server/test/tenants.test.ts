import { eq } from 'drizzle-orm';
import { LEAVE_PROCESS_KEY } from '@wb/contracts/flow';
import { flowDefinition } from '../src/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, login, testApp, type TestApp } from './helper';

/**
 * Tenants and packages as the platform administrator keeps them: a new tenant with its own
 * administrator and only its package's menus, the licence (expiry, account quota) enforced at
 * login, on live sessions and when users are added, and what cannot be removed.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

const data = async (res: Promise<{ statusCode: number; body: string; json(): Rec }>) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
  return r.json().data;
};
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const codesOf = async (who: typeof admin) => new Set(flat(await data(who.call({ method: 'GET', url: '/us-system/menu/buttons' }))).map((n) => n.code as string));

let menus: Rec[];
const menuId = (code: string) => menus.find((m) => m.code === code)!.id as string;
let pkg: Rec;
let created: Rec;

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  menus = flat(await data(admin.call({ method: 'GET', url: '/us-system/menu/buttons' })));
  pkg = await data(
    admin.call({
      method: 'POST',
      url: '/us-system/tenant-package/submit',
      payload: { packageName: '参数版', menuId: [menuId('param'), menuId('param_view'), menuId('param_add')].join(',') },
    }),
  );
  created = await data(
    admin.call({ method: 'POST', url: '/us-system/tenant/submit', payload: { tenantName: '新城物业', linkman: '王经理', contactNumber: '0755-1', packageId: pkg.id } }),
  );
});
afterAll(() => t.close());

describe('a new tenant', () => {
  it('gets a generated 6-digit id, an administrator with the initial password, and only its package’s menus', async () => {
    expect(created.tenantId).toMatch(/^\d{6}$/);
    const me = await as(t.app, 'admin', created.tenantId, 'Admin1234');
    const codes = await codesOf(me);
    // the package's menus with their ancestors (系统管理 › 参数管理), nothing else
    expect([...codes].sort()).toEqual(['param', 'param_add', 'param_view', 'system'].sort());
    expect((await me.call({ method: 'GET', url: '/us-system/param/list' })).statusCode).toBe(200);
    expect((await me.call({ method: 'GET', url: '/us-user/page' })).statusCode).toBe(403);
    // its own organisation and copies of the template's settings
    const params = await data(me.call({ method: 'GET', url: '/us-system/param/list', query: { paramKey: 'account.initPassword' } }));
    expect(params.total).toBe(1);
    const depts = await data(me.call({ method: 'GET', url: '/us-system/dept/select' }));
    expect(depts.map((d: Rec) => d.name)).toEqual(['新城物业']);
    // its top menus show only what it holds
    const tops = await data(me.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' }));
    expect(tops.map((x: Rec) => x.code)).toEqual(['system_admin']);
    const pack = await data(admin.call({ method: 'GET', url: '/us-system/tenant/package-detail', query: { tenantId: created.tenantId } }));
    expect(pack).toMatchObject({ id: pkg.id, packageName: '参数版' });
    // and the processes of the default tenant, the leave process among them, as their first version
    const processes = await t.ctx.database.db.select().from(flowDefinition).where(eq(flowDefinition.tenantId, created.tenantId));
    expect(processes.map((d) => [d.processKey, d.version, d.suspensionState])).toEqual([[LEAVE_PROCESS_KEY, 1, 1]]);
  });

  it('loses a menu taken out of its package on its next request', async () => {
    const me = await as(t.app, 'admin', created.tenantId, 'Admin1234');
    expect((await codesOf(me)).has('param_add')).toBe(true);
    await data(admin.call({ method: 'POST', url: '/us-system/tenant-package/submit', payload: { ...pkg, menuId: [menuId('param'), menuId('param_view')].join(',') } }));
    expect((await codesOf(me)).has('param_add')).toBe(false);
    expect((await me.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: 'x', paramKey: 'x', paramValue: 'x' } })).statusCode).toBe(403);
  });

  it('with an account quota, adding a user beyond it is refused with the message', async () => {
    await data(admin.call({ method: 'POST', url: '/us-system/tenant/setting', query: { ids: created.id }, payload: { accountNumber: 1 } }));
    const refused = await admin.call({
      method: 'POST',
      url: '/us-user/register-guest',
      payload: { tenantId: created.tenantId, account: 'guest1', password: 'Guest1234' },
    });
    expect(refused.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度', data: { field: 'account' } });
    // the default tenant is unlimited
    const ok = await admin.call({
      method: 'POST',
      url: '/us-user/submit',
      payload: {
        account: 'quota.ok',
        password: 'Quota1234',
        name: 'q',
        realName: 'q',
        roleId: (await data(admin.call({ method: 'GET', url: '/us-system/role/lazy-list' })))[0].id,
        deptId: (await data(admin.call({ method: 'GET', url: '/us-system/dept/lazy-list' })))[0].id,
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('expired: the login is refused and a live session ends on its next request', async () => {
    const me = await as(t.app, 'admin', created.tenantId, 'Admin1234');
    await data(admin.call({ method: 'POST', url: '/us-system/tenant/setting', query: { ids: created.tenantId, expireTime: '2020-01-01 00:00:00' } }));
    expect((await me.call({ method: 'GET', url: '/us-system/param/list' })).statusCode).toBe(401);
    const res = await login(t.app, 'admin', created.tenantId, 'Admin1234');
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('租户授权已过期,请联系管理员');
    await data(admin.call({ method: 'POST', url: '/us-system/tenant/setting', query: { ids: created.tenantId }, payload: { expireTime: '' } }));
    expect((await login(t.app, 'admin', created.tenantId, 'Admin1234')).status).toBe(200);
  });
});

describe('what cannot be done', () => {
  it('the default tenant cannot be removed; a package in use cannot be removed; another tenant cannot write tenants', async () => {
    const list = await data(admin.call({ method: 'GET', url: '/us-system/tenant/list', query: { tenantId: '000000' } }));
    const removed = await admin.call({ method: 'POST', url: '/us-system/tenant/remove', query: { ids: list.records[0].id } });
    expect(removed.json()).toMatchObject({ code: 400, msg: '默认租户不能删除' });
    const inUse = await admin.call({ method: 'POST', url: '/us-system/tenant-package/remove', query: { ids: pkg.id } });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().msg).toContain('租户管理');
    const b = await as(t.app, 'admin', '100001');
    expect((await b.call({ method: 'POST', url: '/us-system/tenant/submit', payload: { tenantName: 'x', linkman: 'x' } })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: '/us-system/tenant/list' })).statusCode).toBe(403);
  });

  it('a removed tenant’s sessions end and its users cannot log in', async () => {
    const doomed = await data(admin.call({ method: 'POST', url: '/us-system/tenant/submit', payload: { tenantName: '将被删除', linkman: 'x' } }));
    const me = await as(t.app, 'admin', doomed.tenantId, 'Admin1234');
    expect((await me.call({ method: 'GET', url: '/us-system/menu/buttons' })).statusCode).toBe(200);
    await data(admin.call({ method: 'POST', url: '/us-system/tenant/remove', query: { ids: doomed.id } }));
    expect((await me.call({ method: 'GET', url: '/us-system/menu/buttons' })).statusCode).toBe(401);
    expect((await login(t.app, 'admin', doomed.tenantId, 'Admin1234')).status).toBe(400);
  });
});
