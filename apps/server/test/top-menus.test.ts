import ExcelJS from 'exceljs';
import { FAMILY_BUTTON_CODES } from '@wb/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestApp } from './helper';

/**
 * Menus and top menus as the platform administrator edits them: the admin calls beyond the
 * resource's, the shell's menus changing on the next request, and the trees' leaves.
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
const get = (url: string, query: Record<string, string> = {}, who = admin) => data(who.call({ method: 'GET', url, query }));
const post = (url: string, payload: object = {}, query: Record<string, string> = {}, who = admin) => data(who.call({ method: 'POST', url, payload, query }));
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  t = await testApp();
  admin = await as(t.app);
});
afterAll(() => t.close());

describe('menus', () => {
  it('every tree leaves `children` out of its leaves: the buttons are found as leaves', async () => {
    const buttons = flat(await get('/us-system/menu/buttons'));
    const leaves = buttons.filter((n) => !('children' in n));
    expect(leaves.some((n) => n.code === 'user_add')).toBe(true);
    for (const n of buttons) if ('children' in n) expect(n.children.length).toBeGreaterThan(0);
    for (const n of buttons.filter((b) => b.category === 2)) expect(n).not.toHaveProperty('children');
    const tops = await get('/us-system/v2/top-menu-multi/top-menu');
    const routes = flat(await get('/us-system/v2/menu-multi/routes', { topMenuId: tops[0].id }));
    for (const n of routes) if ('children' in n) expect(n.children.length).toBeGreaterThan(0);
  });

  it('menu-list and lazy-menu-list hold menus without buttons; the v2 paths answer the same records', async () => {
    const tree = flat(await get('/us-system/menu/menu-list'));
    expect(tree.length).toBeGreaterThan(20);
    expect(tree.every((n) => n.category === 1)).toBe(true);
    const top = await get('/us-system/menu/lazy-menu-list');
    const system = top.find((n: Rec) => n.code === 'system');
    expect(system.hasChildren).toBe(true);
    const below = await get('/us-system/menu/lazy-menu-list', { parentId: system.id });
    expect(below.map((n: Rec) => n.code)).toContain('param');
    const param = below.find((n: Rec) => n.code === 'param');
    expect(await get('/us-system/v2/menu-multi/detail', { id: param.id })).toEqual(await get('/us-system/menu/detail', { id: param.id }));
    expect((await get('/us-system/v2/menu-multi/lazy-list', { parentId: system.id })).map((n: Rec) => n.code)).toContain('param');
    expect((await get('/us-system/v2/menu-multi/tree')).length).toBeGreaterThan(0);
    // a root menu answers the top menus it is set on
    const tops = await get('/us-system/v2/top-menu-multi/top-menu');
    const admin1 = tops.find((x: Rec) => x.code === 'system_admin');
    expect((await get('/us-system/menu/detail', { id: system.id })).topMenuIds.split(',')).toContain(admin1.id);
  });

  it('menu-list2 downloads the whole tree as a real spreadsheet, one row per menu and button', async () => {
    const res = await admin.call({ method: 'GET', url: '/us-system/menu/menu-list2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '层级', '菜单名称', '菜单编号', '路由地址', '菜单类型', '排序', '图标']);
    // the permission tree answers some buttons twice, under the family's code too (FAMILY_BUTTON_CODES): the sheet once
    const all = flat(await get('/us-system/menu/buttons')).filter((n) => !Object.values(FAMILY_BUTTON_CODES).includes(n.code));
    expect(ws.rowCount - 1).toBe(all.length);
    const codes = new Set<string>();
    ws.eachRow((row, i) => i > 1 && codes.add(String(row.getCell(3).value)));
    expect(codes.has('user_add')).toBe(true);
  });

  it('an added menu shows in the shell’s menus on the next request; a removed one takes its grants with it', async () => {
    const system = (await get('/us-system/menu/lazy-menu-list')).find((n: Rec) => n.code === 'system');
    const added = await post('/us-system/menu/submit', { name: '巡检记录', code: 'inspection', path: '/system/inspection', parentId: system.id, category: 1, sort: 99 });
    const tops = await get('/us-system/v2/top-menu-multi/top-menu');
    const sys = tops.find((x: Rec) => x.code === 'system_admin');
    // granted to nobody yet: not in the administrator's menus; granted: there at once
    expect(flat(await get('/us-system/v2/menu-multi/routes', { topMenuId: sys.id })).some((n) => n.code === 'inspection')).toBe(false);
    const role = (await get('/us-system/role/lazy-list')).find((r: Rec) => r.roleAlias === 'administrator');
    const keys = await get('/us-system/menu/role-tree-keys', { roleIds: role.id });
    await post('/us-system/role/grant', { roleIds: role.id, menuIds: [...keys.menu, added.id], dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope });
    expect(flat(await get('/us-system/v2/menu-multi/routes', { topMenuId: sys.id })).some((n) => n.code === 'inspection')).toBe(true);
    await post('/us-system/menu/submit', { ...(await get('/us-system/menu/detail', { id: added.id })), name: '巡检台账' });
    expect(flat(await get('/us-system/v2/menu-multi/routes', { topMenuId: sys.id })).find((n) => n.code === 'inspection')!.name).toBe('巡检台账');
    await post('/us-system/menu/remove', {}, { ids: added.id });
    expect(flat(await get('/us-system/menu/buttons')).some((n) => n.code === 'inspection')).toBe(false);
    const rows = (await t.ctx.database.db.execute(`select count(*)::int as n from role_menu where menu_id = ${added.id}`)).rows as { n: number }[];
    expect(rows[0].n).toBe(0);
  });
});

describe('top menus', () => {
  it('grant sets a top menu’s menus; top-tree-keys reads them back; the shell shows them on the next request', async () => {
    const created = await post('/us-system/topmenu/submit', { name: '运维', code: 'ops_top', path: '/ops', sort: 9 });
    // the family's GrantTreeVO: { menu, dataScope, apiScope }
    const grant = await get('/us-system/menu/grant-top-tree');
    expect(grant).toMatchObject({ dataScope: [], apiScope: [] });
    const tree = grant.menu;
    const system = tree.find((n: Rec) => n.title === '系统管理');
    expect(system.children.every((c: Rec) => c.title !== '新增')).toBe(true);
    expect(await get('/us-system/v2/top-menu-multi/top-menu').then((l: Rec[]) => l.some((x) => x.code === 'ops_top'))).toBe(false);
    await post('/us-system/topmenu/grant', { topMenuIds: created.id, menuIds: system.id });
    expect(await get('/us-system/menu/top-tree-keys', { topMenuIds: created.id })).toEqual({ menu: [system.id], dataScope: [], apiScope: [] });
    const tops = await get('/us-system/v2/top-menu-multi/top-menu');
    expect(tops.some((x: Rec) => x.code === 'ops_top')).toBe(true);
    const routes = await get('/us-system/v2/menu-multi/routes', { topMenuId: created.id });
    expect(routes.map((n: Rec) => n.code)).toEqual(['system']);
    // a button is not a menu a top menu holds
    const refused = await admin.call({
      method: 'POST',
      url: '/us-system/topmenu/grant',
      payload: { topMenuIds: created.id, menuIds: flat(await get('/us-system/menu/buttons')).find((n) => n.code === 'user_add')!.id },
    });
    expect(refused.json()).toMatchObject({ code: 400, data: { field: 'menuIds' } });
    await post('/us-system/topmenu/remove', {}, { ids: created.id });
    expect((await get('/us-system/v2/top-menu-multi/top-menu')).some((x: Rec) => x.code === 'ops_top')).toBe(false);
  });

  it('the tenant templates: the platform reads every tenant’s top menus and sets one for another tenant; a tenant only its own', async () => {
    const list = await get('/us-system/v2/top-menu-multi/tenant-list');
    expect(list.map((x: Rec) => x.tenantId)).toEqual(['000000', '100001']);
    expect(list[0].topMenus[0].menus.length).toBeGreaterThan(0);
    const template = await get('/us-system/v2/top-menu-multi/menuTenant-list-byTemplate');
    expect(template.map((x: Rec) => x.code)).toEqual(list[0].topMenus.map((x: Rec) => x.code));
    const made = await post('/us-system/v2/top-menu-multi/submit', { name: '示范专区', code: 'demo_area', path: '/demo', sort: 20 }, { tenantId: '100001' });
    expect(made.tenantId).toBe('100001');
    const b = await as(t.app, 'admin', '100001');
    expect((await get('/us-system/v2/top-menu-multi/menu-list-byTenant', {}, b)).map((x: Rec) => x.code)).toContain('demo_area');
    expect((await b.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/tenant-list' })).statusCode).toBe(403);
    expect((await b.call({ method: 'POST', url: '/us-system/v2/top-menu-multi/submit', query: { tenantId: '000000' }, payload: { name: 'x', code: 'x', sort: 1 } })).statusCode).toBe(
      403,
    );
    expect((await b.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/menu-list-byTenant', query: { tenantId: '000000' } })).statusCode).toBe(404);
    // another tenant's top menu: not found, nothing changed
    const aTop = (await get('/us-system/v2/top-menu-multi/top-menu'))[0];
    expect((await b.call({ method: 'GET', url: '/us-system/menu/top-tree-keys', query: { topMenuIds: aTop.id } })).statusCode).toBe(404);
    expect((await b.call({ method: 'POST', url: '/us-system/topmenu/grant', payload: { topMenuIds: aTop.id, menuIds: '' } })).statusCode).toBe(404);
    expect((await get('/us-system/menu/top-tree-keys', { topMenuIds: aTop.id })).menu.length).toBeGreaterThan(0);
  });
});
