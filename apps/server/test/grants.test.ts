import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { as, testApp, type TestApp } from './helper';

/**
 * Role grants as a tenant administrator works them: the grant trees, saving menus, buttons and
 * scopes, what the granted user then sees and may call (on their next request, without logging
 * in again), the preview before saving, the history, and what one tenant cannot do to another's.
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
const get = (who: typeof admin, url: string, query: Record<string, string> = {}) => data(who.call({ method: 'GET', url, query }));
const post = (who: typeof admin, url: string, payload: object = {}, query: Record<string, string> = {}) => data(who.call({ method: 'POST', url, payload, query }));

/** Every node of a tree, depth first. */
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
/** The codes of the permission tree (/menu/buttons). */
const codesOf = async (who: typeof admin) => new Set(flat(await get(who, '/us-system/menu/buttons')).map((n) => n.code as string));

let menuTree: Rec[];
const menuId = (code: string) => {
  const found = flat(menuTree).find((n) => n.code === code);
  if (!found) throw new Error(`no menu ${code}`);
  return found.id as string;
};
let scopes: { data: Rec[]; api: Rec[] };
const scopeId = (kind: 'data' | 'api', name: string) => scopes[kind].find((s) => s.title === name)!.id as string;

let opsDept: string;
let rootDept: string;
let inspector: string;

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
  // the menu codes come from the buttons tree (it carries codes); the grant tree carries ids and titles
  menuTree = await get(admin, '/us-system/menu/buttons');
  const trees = await get(admin, '/us-system/menu/grant-tree');
  scopes = { data: flat(trees.dataScope).filter((n) => !n.children), api: flat(trees.apiScope).filter((n) => !n.children) };
  const depts = await get(admin, '/us-system/dept/tree');
  rootDept = depts[0].id;
  opsDept = depts[0].children[0].id;
  const role = await post(admin, '/us-system/role/submit', { roleName: '巡检员', roleAlias: 'inspector', sort: 5 });
  inspector = role.id;
  await post(admin, '/us-system/role/grant', {
    roleIds: inspector,
    menuIds: [menuId('user'), menuId('user_view')],
    dataScopeIds: scopeId('data', '本部门'),
    apiScopeIds: '',
  });
  await post(admin, '/us-user/submit', { account: 'inspector', password: 'Inspect123', name: '巡检', realName: '巡检员甲', roleId: inspector, deptId: opsDept });
});
afterAll(() => t.close());

describe('the grant trees', () => {
  it('give menus with buttons as leaves (no children key), and scopes as leaves under their menus', async () => {
    const trees = await get(admin, '/us-system/menu/grant-tree');
    const user = flat(trees.menu).find((n) => n.id === menuId('user'))!;
    expect(user.title).toBe('用户管理');
    const buttons = user.children.map((c: Rec) => c.title);
    expect(buttons).toEqual(expect.arrayContaining(['新增', '修改', '删除', '查看']));
    for (const leaf of user.children) expect(leaf).not.toHaveProperty('children');
    const userScopes = trees.dataScope.find((n: Rec) => n.title === '用户管理');
    expect(userScopes.key).toBe(`m${menuId('user')}`);
    expect(userScopes.children.map((c: Rec) => c.title)).toEqual(['全部用户', '本人', '本部门', '本部门及下级']);
    expect(flat(trees.apiScope).map((n) => n.title)).toContain('用户导出');
    // the v2 path answers the same
    expect(await get(admin, '/us-system/v2/menu/grant-tree')).toEqual(trees);
  });

  it('role-tree-keys answers the granted leaves: the button, not the menu it hangs under', async () => {
    const keys = await get(admin, '/us-system/menu/role-tree-keys', { roleIds: inspector });
    expect(keys.menu).toEqual([menuId('user_view')]);
    expect(keys.dataScope).toEqual([scopeId('data', '本部门')]);
    expect(keys.apiScope).toEqual([]);
  });
});

describe('what the granted user sees', () => {
  let me: Awaited<ReturnType<typeof as>>;
  beforeAll(async () => {
    me = await as(t.app, 'inspector', '000000', 'Inspect123');
  });

  it('exactly the granted menu and button, and the side menu under 系统管理', async () => {
    const codes = await codesOf(me);
    expect(codes.has('user')).toBe(true);
    expect(codes.has('user_view')).toBe(true);
    expect(codes.has('user_add')).toBe(false);
    expect(codes.has('param')).toBe(false);
    // the ancestors came with the grant: the menu hangs where it belongs
    expect(codes.has('system')).toBe(true);
    const add = await me.call({
      method: 'POST',
      url: '/us-user/submit',
      payload: { account: 'x1', password: 'Xx123456', name: 'x', realName: 'x', roleId: inspector, deptId: opsDept },
    });
    expect(add.statusCode).toBe(403);
    expect((await me.call({ method: 'GET', url: '/us-system/param/list' })).statusCode).toBe(403);
  });

  it('the posts their user form picks from, but no search of the post list (its menu’s alone)', async () => {
    const options = await get(me, '/us-system/post/select');
    expect(options.map((o: Rec) => o.label)).toContain('运营经理');
    const searched = await me.call({ method: 'GET', url: '/us-system/post/select', query: { postName: '经理' } });
    expect(searched.statusCode).toBe(403);
    expect(searched.json().msg).toContain('post');
    expect((await get(admin, '/us-system/post/select', { postName: '经理' })).map((o: Rec) => o.label)).toEqual(['运营经理']);
  });

  it('without the parameter menu, reads the parameters the shell needs by key, and no other', async () => {
    const info = await get(me, '/us-system/param/detail', { paramKey: 'upgrade_info' });
    expect(JSON.parse(info.paramValue)).toHaveProperty('upgradeInfoPic');
    expect((await get(me, '/us-system/param/detail', { paramKey: 'user_limited_menus' })).paramValue).toBe('[]');
    const refused: Record<string, string>[] = [{ paramKey: 'account.initPassword' }, { id: info.id }, { id: info.id, paramKey: 'upgrade_info' }];
    for (const query of refused) {
      const res = await me.call({ method: 'GET', url: '/us-system/param/detail', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(403);
      expect(res.json().msg).toContain('param');
    }
  });

  it('only the users of their own department (the data scope 本部门), in the list, the detail and the total', async () => {
    const page = await get(me, '/us-user/page', { size: '200' });
    expect(page.total).toBeGreaterThan(0);
    for (const u of page.records) expect(u.deptId.split(',')).toContain(opsDept);
    const all = await get(admin, '/us-user/page', { size: '200' });
    const outside = all.records.find((u: Rec) => u.account === 'admin');
    expect(outside.deptId).toBe(rootDept);
    expect(page.records.map((u: Rec) => u.account)).not.toContain('admin');
    expect(page.total).toBeLessThan(all.total);
    expect((await me.call({ method: 'GET', url: '/us-user/detail', query: { id: outside.id } })).statusCode).toBe(404);
    // the caller's own profile is theirs whatever the scope
    expect((await get(me, '/us-user/info')).account).toBe('inspector');
  });

  it('a changed grant shows on the next request, without logging in again', async () => {
    await post(admin, '/us-system/role/grant', {
      roleIds: inspector,
      menuIds: [menuId('user'), menuId('user_view'), menuId('user_add')].join(','),
      dataScopeIds: [scopeId('data', '本人')],
    });
    const codes = await codesOf(me);
    expect(codes.has('user_add')).toBe(true);
    // 本人: only their own record now
    const page = await get(me, '/us-user/page');
    expect(page.records.map((u: Rec) => u.account)).toEqual(['inspector']);
  });

  it('a path an API scope covers needs that scope: 用户导出', async () => {
    const refused = await me.call({ method: 'GET', url: '/us-user/export' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('用户导出');
    const keys = await get(admin, '/us-system/menu/role-tree-keys', { roleIds: inspector });
    await post(admin, '/us-system/role/grant', { roleIds: inspector, menuIds: [menuId('user'), ...keys.menu], dataScopeIds: keys.dataScope, apiScopeIds: [scopeId('api', '用户导出')] });
    const allowed = await me.call({ method: 'GET', url: '/us-user/export' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('preview and history', () => {
  it('view-as shows what unsaved checks would give, and what a user has now', async () => {
    const preview = await post(admin, '/us-system/role/view-as', { menuIds: [menuId('param'), menuId('param_view')], dataScopeIds: [], apiScopeIds: [] });
    expect(preview.menus.map((m: Rec) => m.name)).toEqual(['系统管理']);
    expect(flat(preview.menus).map((m) => m.code)).toEqual(['system_admin', 'system', 'param'].filter((c) => flat(preview.menus).some((m) => m.code === c)));
    expect(flat(preview.menus).some((m) => m.code === 'param')).toBe(true);
    expect(preview.buttons).toEqual(['param_view']);
    const inspectorUser = (await get(admin, '/us-user/page', { account: 'inspector' })).records[0];
    const now = await post(admin, '/us-system/role/view-as', { userId: inspectorUser.id });
    expect(now.buttons).toEqual(expect.arrayContaining(['user_view', 'user_add']));
    expect(now.dataScopes).toEqual([{ resourceCode: 'user', scopeName: '本人', scopeType: 2 }]);
    expect(now.apiScopes).toEqual([{ scopeName: '用户导出', scopePath: '/us-user/export' }]);
  });

  it('the grant history names who added and removed what', async () => {
    const log = await get(admin, '/us-system/role/grant-log', { roleId: inspector, size: '50' });
    expect(log.total).toBeGreaterThanOrEqual(4);
    const dataChange = log.records.find((r: Rec) => r.field === 'dataScope' && r.added.includes('本人'));
    expect(dataChange).toMatchObject({ removed: ['本部门'], operatorName: 'admin' });
    const menuChange = log.records.find((r: Rec) => r.field === 'menu' && r.added.includes('新增'));
    expect(menuChange.removed).toEqual([]);
  });
});

describe('scopes as an administrator defines them', () => {
  it('a data scope must name a table and one of its columns; a custom rule lists departments and narrows to them', async () => {
    const base = { menuId: menuId('user'), scopeName: '指定部门', scopeType: 5, scopeValue: rootDept };
    const noTable = await admin.call({ method: 'POST', url: '/us-system/data-scope/submit', payload: { ...base, resourceCode: 'nosuch', scopeColumn: 'dept_id' } });
    expect(noTable.json()).toMatchObject({ code: 400, data: { field: 'resourceCode' } });
    const noColumn = await admin.call({ method: 'POST', url: '/us-system/data-scope/submit', payload: { ...base, resourceCode: 'user', scopeColumn: 'password_hash' } });
    expect(noColumn.json()).toMatchObject({ code: 400, data: { field: 'scopeColumn' } });
    const noValue = await admin.call({ method: 'POST', url: '/us-system/data-scope/submit', payload: { ...base, resourceCode: 'user', scopeColumn: 'dept_id', scopeValue: 'all' } });
    expect(noValue.json()).toMatchObject({ code: 400, data: { field: 'scopeValue' } });
    const custom = await post(admin, '/us-system/data-scope/submit', { ...base, resourceCode: 'user', scopeColumn: 'dept_id' });
    const role = await post(admin, '/us-system/role/submit', { roleName: '总部查看', roleAlias: 'head_office', sort: 7 });
    await post(admin, '/us-system/role/grant', { roleIds: role.id, menuIds: [menuId('user_view')], dataScopeIds: custom.id });
    await post(admin, '/us-user/submit', { account: 'head', password: 'HeadOffice1', name: 'h', realName: 'h', roleId: role.id, deptId: opsDept });
    const head = await as(t.app, 'head', '000000', 'HeadOffice1');
    const seen = (await get(head, '/us-user/page', { size: '200' })).records;
    expect(seen.length).toBeGreaterThan(0);
    for (const u of seen) expect(u.deptId.split(',')).toContain(rootDept);
    expect(seen.map((u: Rec) => u.account)).not.toContain('head');
    const badPath = await admin.call({
      method: 'POST',
      url: '/us-system/api-scope/submit',
      payload: { menuId: menuId('user'), resourceCode: 'user', scopeName: 'x', scopePath: 'us-user', scopeType: 1 },
    });
    expect(badPath.json()).toMatchObject({ code: 400, data: { field: 'scopePath' } });
  });
});

describe('user role grants', () => {
  it('/us-user/grant gives the chosen users exactly those roles, ends what the old roles allowed, and is in the history', async () => {
    await post(admin, '/us-user/submit', { account: 'granted', password: 'Granted123', name: 'g', realName: 'g', roleId: inspector, deptId: opsDept });
    const granted = await as(t.app, 'granted', '000000', 'Granted123');
    const u = (await get(admin, '/us-user/page', { account: 'granted' })).records[0];
    const plainRole = (await get(admin, '/us-system/role/lazy-list')).find((r: Rec) => r.roleAlias === 'user');
    await post(admin, '/us-user/grant', { roleIds: plainRole.id }, { userIds: u.id });
    expect((await get(admin, '/us-user/detail', { id: u.id })).roleId).toBe(plainRole.id);
    // the token named a role the user no longer has: it ends at once
    expect((await granted.call({ method: 'GET', url: '/us-system/menu/buttons' })).statusCode).toBe(401);
    const log = await get(admin, '/us-system/role/grant-log', { userId: u.id });
    expect(log.records[0]).toMatchObject({ field: 'role', added: ['用户'], removed: ['巡检员'], operatorName: 'admin' });
    const b = await as(t.app, 'admin', '100001');
    expect((await b.call({ method: 'GET', url: '/us-system/role/grant-log', query: { userId: u.id } })).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('a grant beyond what the granting administrator holds is refused, naming menuIds', async () => {
    const adminB = await as(t.app, 'admin', '100001');
    const roleB = (await get(adminB, '/us-system/role/lazy-list'))[0];
    const held = await codesOf(adminB);
    // tenant 100001's package leaves out the platform pages; without a package, grant a menu the role does not have
    const beyond = held.has('tenant') ? undefined : menuId('tenant');
    if (beyond) {
      const res = await adminB.call({ method: 'POST', url: '/us-system/role/grant', payload: { roleIds: roleB.id, menuIds: beyond } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: '包含无权授予的菜单', data: { field: 'menuIds' } });
    }
    // another tenant's role: not found, nothing changed
    const res = await adminB.call({ method: 'POST', url: '/us-system/role/grant', payload: { roleIds: inspector, menuIds: '' } });
    expect(res.statusCode).toBe(404);
    expect((await get(admin, '/us-system/menu/role-tree-keys', { roleIds: inspector })).menu.length).toBeGreaterThan(0);
  });

  it('user_limited_menus withholds its menus from administrators', async () => {
    const param = (await get(admin, '/us-system/param/list', { paramKey: 'user_limited_menus' })).records[0];
    await post(admin, '/us-system/param/submit', { ...param, paramValue: '["region"]' });
    const codes = await codesOf(admin);
    expect(codes.has('region')).toBe(false);
    expect(codes.has('region_add')).toBe(false);
    expect((await admin.call({ method: 'GET', url: '/us-system/region/list' })).statusCode).toBe(403);
    await post(admin, '/us-system/param/submit', { ...param, paramValue: '[]' });
    expect((await codesOf(admin)).has('region')).toBe(true);
  });

  it('roles v2: a role limited to one project gives its users only that project to pick', async () => {
    const projects = await get(admin, '/us/authority/biz/project/projectList');
    const one = projects[1];
    const role = await post(admin, '/us-system/v2/role/submit', { roleName: '项目甲', roleAlias: 'project_one', sort: 6, projectId: one.id });
    await post(admin, '/us-system/v2/role/grant', { roleIds: role.id, menuIds: [menuId('param'), menuId('param_view')] });
    expect((await get(admin, '/us-system/v2/role/listProjectByRoleId', { roleId: role.id })).map((p: Rec) => p.id)).toEqual([one.id]);
    const tree = await get(admin, '/us-system/v2/role/getProjectTreeByRoleId', { roleId: role.id });
    expect(
      flat(tree)
        .filter((n) => Number(n.id) > 0 && !n.children)
        .map((n) => n.name),
    ).toEqual([one.name]);
    await post(admin, '/us-user/submit', { account: 'one.project', password: 'Project123', name: 'p', realName: 'p', roleId: role.id, deptId: opsDept });
    const user = await as(t.app, 'one.project', '000000', 'Project123');
    expect((await get(user, '/us/authority/biz/project/projectList')).map((p: Rec) => p.id)).toEqual([one.id]);
    const picker = await get(user, '/us-system/old-system/project-tree');
    expect(
      flat(picker)
        .filter((n) => n.tririgaCode)
        .map((n) => n.name),
    ).toEqual([one.name]);
    expect((await get(admin, '/us-system/v2/role/page', { roleName: '项目甲' })).records.map((r: Rec) => r.roleAlias)).toEqual(['project_one']);
  });
});

describe('two server instances on one PostgreSQL', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)('a grant saved through one shows on the other at its next request, long before any cache expires', async () => {
    const other = await buildApp({ env: {}, logger: false, config: { ...t.ctx.config } });
    await other.app.ready();
    try {
      const me = await as(other.app, 'inspector', '000000', 'Inspect123');
      const before = await codesOf(me);
      expect(before.has('user_delete')).toBe(false);
      const keys = await get(admin, '/us-system/menu/role-tree-keys', { roleIds: inspector });
      const saved = Date.now();
      await post(admin, '/us-system/role/grant', { roleIds: inspector, menuIds: [...keys.menu, menuId('user_delete')], dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope });
      await vi.waitFor(async () => expect((await codesOf(me)).has('user_delete')).toBe(true), { timeout: 3000, interval: 20 });
      // the caches live 10 s: the other instance heard of the change, it did not wait them out
      expect(Date.now() - saved).toBeLessThan(2000);
    } finally {
      await other.app.close();
    }
  });
});
