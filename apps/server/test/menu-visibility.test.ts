import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { menu, role, roleMenu } from '../src/db/schema/index';
import { as, testApp, type TestApp } from './helper';

/**
 * Menus that lead nowhere (issue 31): a sub-app without an address, or with one under
 * /subapps/ that this server has not found built, keeps its menus from the users who
 * cannot configure the registry; the administrators still see them (the shell then says
 * what to fill in on 子应用管理).
 */

let t: TestApp;
let subapps: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON, read field by field
type Rec = Record<string, any>;

const topMenus = async (call: Awaited<ReturnType<typeof as>>['call']): Promise<TopMenu[]> => (await call({ method: 'GET', url: '/us-system/v2/top-menu-multi/top-menu' })).json().data;
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const routes = async (call: Awaited<ReturnType<typeof as>>['call'], topMenuId: string): Promise<MenuNode[]> =>
  flatten((await call({ method: 'GET', url: '/us-system/v2/menu-multi/routes', query: { topMenuId } })).json().data);

beforeAll(async () => {
  // this server publishes the sub-apps it finds built: coredata is, the Vue fixtures are not
  subapps = mkdtempSync(join(tmpdir(), 'wb-subapps-'));
  mkdirSync(join(subapps, 'coredata', 'dist'), { recursive: true });
  writeFileSync(join(subapps, 'coredata', 'dist', 'index.html'), '<!doctype html><div id=root></div>');
  t = await testApp({ subappsDir: subapps });
  // the plain user is given the menus of three sub-apps: built, not built, no address
  const db = t.ctx.database.db;
  const [plain] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'user')));
  const ids = await db
    .select({ id: menu.id })
    .from(menu)
    .where(inArray(menu.code, ['coredata_home', 'coredata_start', 'order-accumulation_home', 'order-accumulation_start']));
  await db
    .insert(roleMenu)
    .values(ids.map((m) => ({ roleId: plain.id, menuId: m.id })))
    .onConflictDoNothing();
  await t.ctx.changes.publish(db, 'grants');
});
afterAll(async () => {
  await t.close();
  rmSync(subapps, { recursive: true, force: true });
});

describe('menus of sub-apps that lead nowhere', () => {
  it('are not given to a plain user: no address (运营工作台), an address this server has not built (积分工单)', async () => {
    const { call } = await as(t.app, 'user');
    const names = (await topMenus(call)).map((m) => m.name);
    expect(names).toEqual(['系统管理', '主数据']);
    const coredata = (await topMenus(call)).find((m) => m.serviceName === 'coredata')!;
    expect((await routes(call, coredata.id)).map((m) => m.path)).toEqual(['/coredata', '/coredata']);
  });

  it('are given to whoever may configure the registry, to open and complete', async () => {
    const { call } = await as(t.app);
    const names = (await topMenus(call)).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['运营工作台', '主数据', '积分工单', '应急保障']));
    const work = (await topMenus(call)).find((m) => m.serviceName === 'work')!;
    expect((await routes(call, work.id)).map((m) => m.path)).toContain('/work/core/project');
  });

  it('come back for the plain user as soon as the app gets an address, and go when it loses it', async () => {
    const admin = await as(t.app);
    const list: Rec[] = (await admin.call({ method: 'GET', url: '/us-system/sub-app/list', query: { current: '1', size: '100' } })).json().data.records;
    const work = list.find((a) => a.serviceName === 'work')!;
    const save = async (host: string) => {
      const res = await admin.call({ method: 'POST', url: '/us-system/sub-app/submit', payload: { ...work, host } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const { call } = await as(t.app, 'user');
    await save('https://work.example.com/');
    expect((await topMenus(call)).map((m) => m.name)).toEqual(['系统管理', '运营工作台', '主数据']);
    await save('');
    expect((await topMenus(call)).map((m) => m.name)).toEqual(['系统管理', '主数据']);
  });
});
