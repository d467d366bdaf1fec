import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBAPP_MOUNT_PREFIXES } from '@wb/contracts/constants';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { type MenuSeed, topMenuSeeds } from '../src/db/seed-menus';
import { as, testApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Every node of a menu tree: the server's routes or the seed's menus. */
const flatten = <T extends { children?: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('menus', () => {
  it('gives the admin the system top menu and one per sub-application', async () => {
    const { call } = await as(t.app);
    const tops: TopMenu[] = (await call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
    expect(tops[0]).toMatchObject({ name: '系统管理', path: '/system' });
    for (const prefix of SUBAPP_MOUNT_PREFIXES) expect(tops.some((m) => m.path.startsWith(prefix))).toBe(true);
    expect(tops.find((m) => m.serviceName === 'work')!.path).toBe('/work/core/project');
  });

  it('gives the side menu of a top menu, with the parameter page under 系统管理', async () => {
    const { call } = await as(t.app);
    const tops: TopMenu[] = (await call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
    const routes: MenuNode[] = (await call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: tops[0].id } })).json().data;
    const all = flatten(routes);
    expect(all.find((m) => m.path === '/system/param')).toMatchObject({ name: '参数管理', category: 1 });
    // routes hold menus only, never buttons
    expect(all.every((m) => m.category === 1)).toBe(true);
    const coredata = tops.find((m) => m.serviceName === 'coredata')!;
    const sub = flatten<MenuNode>((await call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: coredata.id } })).json().data);
    expect(sub.some((m) => m.path === '/coredata/project')).toBe(true);
  });

  it('gives the admin every seeded page of every top menu, none lost to a shared code', async () => {
    const { call } = await as(t.app);
    const tops: TopMenu[] = (await call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
    const paths = new Set<string>();
    for (const top of tops) {
      const routes: MenuNode[] = (await call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: top.id } })).json().data;
      for (const m of flatten(routes)) paths.add(m.path);
    }
    const seeded = topMenuSeeds.flatMap((top) => flatten<MenuSeed>(top.menus)).map((m) => m.path);
    expect(seeded.filter((p) => !paths.has(p))).toEqual([]);
    expect(paths).toContain('/tool/model');
    expect(paths).toContain('/flow/model');
  });

  it('shows a plain user only what its role grants', async () => {
    const { call } = await as(t.app, 'user');
    const tops: TopMenu[] = (await call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
    // 运营工作台 is granted too, but has no address yet: its menus lead nowhere (menu-visibility.test.ts)
    expect(tops.map((m) => m.name)).toEqual(['系统管理']);
    const side = flatten<MenuNode>((await call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: tops[0].id } })).json().data);
    // the parameter list, 我的事务 (every employee starts and handles affairs) and 消息中心
    expect(side.map((m) => m.path)).toEqual([
      '/system',
      '/system/param',
      '/work-affairs',
      ...['start', 'claim', 'todo', 'send', 'done'].map((p) => `/work-affairs/${p}`),
      '/message-center',
    ]);
    const buttons = flatten<MenuNode>((await call({ method: 'GET', url: '/us-system/menu/buttons' })).json().data).map((m) => m.code);
    expect(buttons).toContain('param');
    expect(buttons).not.toContain('param_add');
  });

  it('gives the admin the button codes', async () => {
    const { call } = await as(t.app);
    const codes = flatten<MenuNode>((await call({ method: 'GET', url: '/us-system/menu/buttons' })).json().data).map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view']));
  });

  it('refuses another tenant’s top menu id and a malformed one', async () => {
    const a = await as(t.app);
    const b = await as(t.app, 'admin', '100001');
    const aTop: TopMenu[] = (await a.call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
    expect((await b.call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: aTop[0].id } })).statusCode).toBe(404);
    const bad = await a.call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('topMenuId');
  });
});

describe('operations', () => {
  it('reports the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toMatchObject({ code: 200, data: { database: 'up' } });
  });

  it('answers live while the process answers, ready while it has its database and hears the other instances', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toMatchObject({ code: 200, data: { status: 'live' } });
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({ code: 200, data: { database: true, listening: true } });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/us-system/param/list', '/us-system/param/submit', '/us-auth/oauth/token', '/us-system/v2/menu-multi/routes']));
    // what an add must have (an update changes only what it is sent)
    expect(doc.paths['/us-system/param/submit'].post.requestBody.content['application/json'].schema.description).toContain('新增时必填: paramName, paramKey, paramValue');
    expect((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/us-system/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });
});
