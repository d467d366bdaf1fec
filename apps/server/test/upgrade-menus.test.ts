import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict, dictBiz, menu } from '../src/db/schema/index';
import { addMissingDictionaryEnglish, addMissingMenus } from '../src/db/upgrade-menus';
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

  it('a page this version renamed takes its new name, unless the tenant renamed it', async () => {
    const db = t.ctx.database.db;
    // as an earlier version named them; 产品版本 renamed by the tenant meanwhile
    await db.update(menu).set({ name: '公告管理' }).where(eq(menu.code, 'systemnotify'));
    await db.update(menu).set({ name: '首页' }).where(eq(menu.code, 'coredata_start'));
    await db.update(menu).set({ name: '我们的版本' }).where(eq(menu.code, 'version'));

    expect((await addMissingMenus(db)).sort()).toEqual(['coredata_start', 'systemnotify']);
    const rows = await db
      .select({ code: menu.code, name: menu.name })
      .from(menu)
      .where(inArray(menu.code, ['systemnotify', 'coredata_start', 'version']));
    expect(Object.fromEntries(rows.map((r) => [r.code, r.name]))).toEqual({ systemnotify: '系统公告', coredata_start: '主数据首页', version: '我们的版本' });
    expect(await addMissingMenus(db)).toEqual([]);
  });

  it("the seeded dictionaries' English labels an earlier version lacked are filled in; a tenant's own stay", async () => {
    const db = t.ctx.database.db;
    expect(await addMissingDictionaryEnglish(db)).toBe(0);
    await db.update(dict).set({ dictValueEn: '' }).where(eq(dict.code, 'sex'));
    await db.update(dictBiz).set({ dictValueEn: '' }).where(eq(dictBiz.code, 'work_order_level'));
    await db.update(dictBiz).set({ dictValueEn: 'Very urgent' }).where(eq(dictBiz.dictValue, '特急'));

    expect(await addMissingDictionaryEnglish(db)).toBeGreaterThan(6);
    const sex = await db.select({ key: dict.dictKey, en: dict.dictValueEn }).from(dict).where(eq(dict.code, 'sex'));
    expect(Object.fromEntries(sex.map((r) => [r.key, r.en]))).toMatchObject({ '-1': 'Gender', '1': 'Male', '2': 'Female' });
    // every tenant's business dictionary
    const levels = await db.select({ value: dictBiz.dictValue, en: dictBiz.dictValueEn }).from(dictBiz).where(eq(dictBiz.code, 'work_order_level'));
    expect(levels.filter((r) => r.value === '特急').map((r) => r.en)).toEqual(levels.filter((r) => r.value === '特急').map(() => 'Very urgent'));
    expect(new Set(levels.filter((r) => r.value === '紧急').map((r) => r.en))).toEqual(new Set(['Urgent']));
    expect(await addMissingDictionaryEnglish(db)).toBe(0);
  });
});
