import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu } from '../src/db/schema/index';
import { addMissingMenus } from '../src/db/upgrade-menus';
import { as, testApp, type TestApp } from './helper';

/**
 * A database seeded by an earlier version: the pages and buttons this version brings are added at
 * start (db/upgrade-menus.ts) and reach the administrators, as on a fresh install.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The button and menu codes the administrator holds. */
const codesOfAdmin = async () => {
  const admin = await as(t.app);
  const flat = (nodes: { code: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.code, ...flat((n.children ?? []) as never)]);
  return new Set(flat((await admin.call({ method: 'GET', url: '/us-system/menu/buttons' })).json().data));
};

describe('menus an earlier version did not have', () => {
  it('are added under their parents, granted to whoever has the parent; a second start adds nothing', async () => {
    const db = t.ctx.database.db;
    // a database this version seeded lacks nothing
    expect(await addMissingMenus(db)).toEqual([]);
    // as an earlier version left it: no 停用/启用 buttons, no 在线用户 page
    const gone = ['user_disable', 'user_enable', 'onlineUser', 'onlineUser_logout'];
    await db.delete(menu).where(inArray(menu.code, gone));
    t.ctx.changes.broadcast('menus');
    const before = await codesOfAdmin();
    for (const code of gone) expect(before.has(code), code).toBe(false);

    expect((await addMissingMenus(db)).sort()).toEqual([...gone].sort());
    t.ctx.changes.broadcast('menus');
    const after = await codesOfAdmin();
    for (const code of gone) expect(after.has(code), code).toBe(true);
    const rows = await db
      .select({ code: menu.code, parentId: menu.parentId, id: menu.id })
      .from(menu)
      .where(or(eq(menu.code, 'user'), inArray(menu.code, gone)));
    const id = (code: string) => rows.find((r) => r.code === code)!.id;
    expect(rows.find((r) => r.code === 'user_disable')!.parentId).toBe(id('user'));
    expect(rows.find((r) => r.code === 'onlineUser_logout')!.parentId).toBe(id('onlineUser'));

    expect(await addMissingMenus(db)).toEqual([]);
  });
});
