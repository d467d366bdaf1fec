import { keyOf, labelFieldOf, pathOf } from '@wb/contracts/resource';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, BASIC, login, testApp, type TestApp } from './helper';

/**
 * The BladeX wire contract: what a client written for the BladeX family reads and sends, pinned
 * call by call (its select rows, `…Name` fields, lenient writes, query-string and form parameters,
 * the user's own record, the family's button codes and paths). Fails when a field it reads goes.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
type Rec = Record<string, unknown>;
beforeAll(async () => {
  // the datasource below names this machine: allowed as the operator would allow it
  t = await testApp({ outboundAllow: ['127.0.0.1'] });
  admin = await as(t.app);
});
afterAll(() => t.close());

const get = async (url: string, query: Record<string, string> = {}) => {
  const res = await admin.call({ method: 'GET', url, query });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const post = (url: string, payload?: unknown, query: Record<string, string> = {}) => admin.call({ method: 'POST', url, payload: payload as object, query });

describe('every resource’s list, as the family reads it', () => {
  it.each(RESOURCES.map((d) => [d.name, d] as const))('%s: the envelope, a forest or a page, <field>Name beside each dictionary or option field, select rows', async (_, def) => {
    const res = await admin.call({ method: 'GET', url: def.forestList ? `${def.basePath}/list` : pathOf(def, 'list'), query: { current: '1', size: '10' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'success']);
    const records: Rec[] = def.forestList ? body.data : body.data.records;
    if (!def.forestList) expect(Object.keys(body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    const choices = Object.entries(def.fields).filter(([, f]) => f.kind === 'dict' || (f.kind === 'select' && f.options?.length));
    for (const r of records) for (const [k] of choices) expect(typeof r[`${k}Name`], `${def.name}.${k}Name`).toBe('string');
    if (def.tree) return;
    const options = await admin.call({ method: 'GET', url: pathOf(def, 'select') });
    if (options.statusCode === 404) return;
    for (const o of options.json().data as Rec[])
      expect(o, def.name).toMatchObject({ id: expect.any(String), label: expect.any(String), [keyOf(def)]: o.id, [labelFieldOf(def)]: o.label });
  });
});

describe('select answers rows with the fields the family reads', () => {
  beforeAll(async () => {
    const res = await post('/us-develop/datasource/submit', {
      name: '线路库',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/wire',
      username: 'wire',
      password: 'wire',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['/us-system/tenant/select', 'tenantId', 'tenantName'],
    ['/us-system/post/select', 'id', 'postName'],
    ['/us-develop/datasource/select', 'id', 'name'],
    ['/us-system/region/select', 'code', 'name'],
  ])('%s: %s and %s', async (url, value, label) => {
    const rows = (await get(url)) as Rec[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(typeof r[value], JSON.stringify(r)).toBe('string');
      expect(r[label], JSON.stringify(r)).toBeTruthy();
    }
  });

  it('region/select?code= answers the regions under that code', async () => {
    const provinces = (await get('/us-system/region/select')) as Rec[];
    const cities = (await get('/us-system/region/select', { code: String(provinces[0].code) })) as Rec[];
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c) => c.parentCode === provinces[0].code)).toBe(true);
  });
});

describe('the tree lists answer forests, as the family’s do', () => {
  beforeAll(async () => {
    // the seeded roles are all at the top: one below another, so that each forest has a branch
    const top = ((await get('/us-system/role/page', { roleAlias: 'user' })) as { records: Rec[] }).records[0];
    const res = await post('/us-system/role/submit', { roleName: '值班长', roleAlias: 'wire_child', parentId: top.id, sort: 1 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['/us-system/dept/list', 'deptName'],
    ['/us-system/menu/list', 'name'],
    ['/us-system/role/list', 'roleName'],
    ['/us-system/dict/list', 'dictValue'],
  ])('%s: every record, nested under its parent, paging ignored', async (url, label) => {
    const forest = (await get(url, { current: '1', size: '10' })) as Rec[];
    const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[]) ?? [])]);
    const all = flat(forest);
    // the paged list (where our pages search) counts the same records
    const paged = (await get(url.replace(/list$/, 'page'), { current: '1', size: '1' })) as { total: number };
    expect(all).toHaveLength(paged.total);
    for (const root of forest) expect(root.parentName).toBe('顶级');
    const parent = all.find((n) => n.hasChildren)!;
    expect((parent.children as Rec[]).every((c) => c.parentId === parent.id && c.parentName === parent[label])).toBe(true);
    const leaf = all.find((n) => !n.hasChildren)!;
    expect(leaf).not.toHaveProperty('children');
  });

  it('filters as the paged list does: the matches, each under its parent when that matched too', async () => {
    const found = (await get('/us-system/menu/list', { code: 'user' })) as Rec[];
    expect(found.map((n) => n.code)).toContain('user');
  });
});

describe('writes as the family sends them', () => {
  it('a department without its category, a dictionary item without isSealed, a notice with empty content are saved with the defaults', async () => {
    const dept = await post('/us-system/dept/submit', { deptName: '外协组', fullName: '外协组', parentId: '' });
    expect(dept.statusCode, dept.body).toBe(200);
    expect(dept.json().data).toMatchObject({ deptCategory: 2, deptCategoryName: '部门' });
    const dict = await post('/us-system/dict/submit', { code: 'wire_test', dictKey: '-1', dictValue: '线路测试', parentId: 0, sort: 1 });
    expect(dict.statusCode, dict.body).toBe(200);
    expect(dict.json().data).toMatchObject({ isSealed: 0 });
    const notice = await post('/us-desk/notice/submit', { title: '停水通知', category: 1, releaseTime: '2026-11-27 00:00:00', content: '' });
    expect(notice.statusCode, notice.body).toBe(200);
  });

  it("'' for an untouched optional number or choice is no value: the default on add, the stored value on update", async () => {
    const system = ((await get('/us-system/menu/lazy-menu-list')) as Rec[]).find((n) => n.code === 'system')!;
    const menu = await post('/us-system/menu/submit', { name: '线路菜单', code: 'wire_menu', path: '/system/wire', parentId: system.id, category: 1, sort: 50, isOpen: '', action: '' });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().data).toMatchObject({ isOpen: 1 });
    const me = ((await get('/us-user/page', { account: 'admin' })) as { records: Rec[] }).records[0];
    const sexBefore = me.sex;
    const saved = await post('/us-user/update', { id: me.id, sex: '', birthday: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.sex).toBe(sexBefore);
  });

  it('an update of part of a user (the personal-info page) changes what it sends and keeps the rest', async () => {
    const user = ((await get('/us-user/page', { account: 'user' })) as { records: Rec[] }).records[0];
    const res = await post('/us-user/update', { id: user.id, name: '值班员', realName: '王五', phone: '13800138000', email: 'wang@example.com', avatar: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: '值班员', realName: '王五', roleId: user.roleId, deptId: user.deptId, account: 'user' });
  });

  it('a required field left empty is still named, on add', async () => {
    const res = await post('/us-system/post/submit', { postCode: 'x', postName: '', sort: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ field: 'postName' });
  });
});

describe('the names the family’s wrappers add', () => {
  it('categoryName of posts and notices, scopeTypeName of data scopes, sexName of users', async () => {
    const posts = ((await get('/us-system/post/list')) as { records: Rec[] }).records;
    expect(posts.every((p) => typeof p.categoryName === 'string' && p.categoryName !== '')).toBe(true);
    const notices = ((await get('/us-desk/notice/list')) as { records: Rec[] }).records;
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.categoryName !== undefined)).toBe(true);
    const scopes = ((await get('/us-system/data-scope/list')) as { records: Rec[] }).records;
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.every((s) => typeof s.scopeTypeName === 'string' && s.scopeTypeName !== '')).toBe(true);
    const users = ((await get('/us-user/list')) as { records: Rec[] }).records;
    expect(users.some((u) => ['男', '女', '未知'].includes(String(u.sexName)))).toBe(true);
  });
});

describe('the user’s own record', () => {
  it('/us-user/info answers the UserVO fields beside ours', async () => {
    const info = (await get('/us-user/info')) as Rec;
    for (const k of ['id', 'account', 'name', 'realName', 'avatar', 'email', 'phone', 'roleName', 'deptName', 'sexName', 'tenantId', 'userId', 'nickName'])
      expect(info, k).toHaveProperty(k);
    expect(info.id).toBe(info.userId);
    expect(info).not.toHaveProperty('password');
  });
});

describe('parameters where the family sends them', () => {
  it('update-password takes the query string and a form body as well as JSON', async () => {
    const u = await as(t.app, 'user');
    const viaQuery = await u.call({ method: 'POST', url: '/us-user/update-password', query: { oldPassword: 'admin123', newPassword: 'Passw0rd1', newPassword1: 'Passw0rd1' } });
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    const viaForm = await u.call({
      method: 'POST',
      url: '/us-user/update-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ oldPassword: 'Passw0rd1', newPassword: 'admin123x', newPassword1: 'admin123x' }).toString(),
    });
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    expect((await login(t.app, 'user', '000000', 'admin123x')).status).toBe(200);
    // a wrong old password in the query string is refused, naming the field
    const wrong = await u.call({ method: 'POST', url: '/us-user/update-password', query: { oldPassword: 'nope', newPassword: 'Passw0rd1', newPassword1: 'Passw0rd1' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('an id in the query string makes a submit an edit, checked as one: a role that may only add is refused', async () => {
    const menuId = async (code: string) => ((await get('/us-system/menu/page', { code, size: '100' })) as { records: Rec[] }).records.find((m) => m.code === code)!.id;
    const role = await post('/us-system/role/submit', { roleName: '只能新增', roleAlias: 'wire_adder', sort: 1 });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json().data.id as string;
    const granted = await post('/us-system/role/grant', { roleIds: roleId, menuIds: [await menuId('param'), await menuId('param_add')], dataScopeIds: [], apiScopeIds: [] });
    expect(granted.statusCode, granted.body).toBe(200);
    const dept = ((await get('/us-system/dept/page', { size: '1' })) as { records: Rec[] }).records[0];
    const user = await post('/us-user/submit', { account: 'wire_adder', password: 'Passw0rd1', name: '新增员', realName: '新增员', roleId, deptId: dept.id });
    expect(user.statusCode, user.body).toBe(200);
    const adder = await as(t.app, 'wire_adder', '000000', 'Passw0rd1');
    const added = await adder.call({ method: 'POST', url: '/us-system/param/submit', payload: { paramName: '线路', paramKey: 'wire.adder', paramValue: '1' } });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as string;
    for (const sent of [
      { query: { id } as Record<string, string>, payload: {} },
      { query: {}, payload: { id } },
    ]) {
      const edit = await adder.call({
        method: 'POST',
        url: '/us-system/param/submit',
        query: sent.query,
        payload: { paramName: '改了', paramKey: 'wire.adder', paramValue: '2', ...sent.payload },
      });
      expect(edit.statusCode, JSON.stringify(sent)).toBe(403);
    }
    expect(((await get('/us-system/param/detail', { id })) as Rec).paramValue).toBe('1');
  });

  it('a query parameter may come in a form body (remove?ids= posted as a form)', async () => {
    const added = await post('/us-system/post/submit', { category: 1, postCode: 'wire_form', postName: '表单岗位', sort: 9 });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as string;
    const removed = await admin.call({ method: 'POST', url: '/us-system/post/remove', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `ids=${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin.call({ method: 'GET', url: '/us-system/post/detail', query: { id } })).statusCode).toBe(404);
  });

  it('a public route other than the token call refuses a form body (a cross-site form cannot post to it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/us-user/customLogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC },
      payload: 'username=admin&password=admin123',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('the family’s button codes, shapes and paths', () => {
  it('the permission tree carries the family’s codes of our buttons', async () => {
    const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[]) ?? [])]);
    const codes = new Set(flat((await get('/us-system/menu/buttons')) as Rec[]).map((n) => n.code));
    for (const code of ['topmenu_setting', 'data_scope_setting', 'api_scope_setting', 'log_api_view', 'log_error_view', 'log_usual_view', 'region_debug', 'user_role'])
      expect(codes.has(code), code).toBe(true);
  });

  it('grant-top-tree and top-tree-keys answer { menu, dataScope, apiScope }', async () => {
    expect(await get('/us-system/menu/grant-top-tree')).toMatchObject({ menu: expect.any(Array), dataScope: [], apiScope: [] });
    const top = ((await get('/us-system/topmenu/list')) as { records: Rec[] }).records[0];
    expect(await get('/us-system/menu/top-tree-keys', { topMenuIds: String(top.id) })).toMatchObject({ menu: expect.any(Array), dataScope: [], apiScope: [] });
  });

  it('tenant/info of an unknown domain answers {}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/us-system/tenant/info', query: { domain: 'nobody.example' } });
    expect(res.json()).toMatchObject({ code: 200, success: true, data: {} });
  });

  it('menu/top-menu and menu/routes answer as the v2 paths do', async () => {
    const tops = (await get('/us-system/menu/top-menu')) as Rec[];
    expect(tops).toEqual(await get('/us-system/v2/top-menu-multi/top-menu'));
    const topMenuId = String(tops[0].id);
    expect(await get('/us-system/menu/routes', { topMenuId })).toEqual(await get('/us-system/v2/menu-multi/routes', { topMenuId }));
  });

  it('the logs answer the family’s names: serverIp, env, title and time; stackTrace; logId and logData', async () => {
    await t.ctx.requestLog.flush();
    const api = ((await get('/us-log/api/list')) as { records: Rec[] }).records[0];
    for (const k of ['serverIp', 'env', 'title', 'time', 'createBy']) expect(api, k).toHaveProperty(k);
    expect(api.time).toBe(String(api.durationMs));
    await admin.call({ method: 'POST', url: '/us-log/usual/save', payload: { logLevel: 'error', message: '线路测试', requestUri: '/x' } });
    const usual = ((await get('/us-log/usual/list')) as { records: Rec[] }).records;
    if (usual.length) expect(usual[0]).toMatchObject({ logId: usual[0].id, logData: usual[0].message });
    const errors = (await get('/us-log/error/list')) as { records: Rec[] };
    for (const e of errors.records) expect(e.stackTrace).toBe(e.stack);
  });
});

describe('the client secret', () => {
  it('a typed secret of 16 characters or more is kept (as its hash) and logs in; a shorter one is refused, naming the field; none typed, one is made', async () => {
    const short = await post('/us-system/client/submit', { clientId: 'sword_short', clientSecret: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ data: { field: 'clientSecret' } });
    const typed = await post('/us-system/client/submit', { clientId: 'sword', clientSecret: 'sword_secret_1234', authorizedGrantTypes: 'password,refresh_token' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data).not.toHaveProperty('clientSecret');
    const basic = `Basic ${Buffer.from('sword:sword_secret_1234').toString('base64')}`;
    expect((await login(t.app, 'admin', '000000', 'admin123', { authorization: basic })).status).toBe(200);
    const made = await post('/us-system/client/submit', { clientId: 'saber' });
    expect(made.json().data.clientSecret).toMatch(/^[\w-]{40,}$/);
  });
});
