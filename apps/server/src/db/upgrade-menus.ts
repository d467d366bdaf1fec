import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import type { Db } from './client';
import { menu } from './schema/index';
import { BUTTON_VERBS, menuRow, type MenuSeed, topMenuSeeds } from './seed-menus';

/**
 * What a database seeded by an earlier version lacks of the product's menus (a new page, a new
 * action's button): every seeded menu or button whose code is not in the table is added under
 * its parent, found by code. It goes to whoever has the parent: the roles granted it and the
 * tenant packages that list it; a new section (no parent) to each tenant's administrators and
 * its top menu. Run at every start after the seed, under the migration lock; it adds nothing
 * when nothing is missing, and answers the codes it added.
 */
export async function addMissingMenus(db: Db): Promise<string[]> {
  const rows = await db.select({ id: menu.id, code: menu.code }).from(menu).where(eq(menu.isDeleted, 0));
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const added: string[] = [];
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const insert = async (values: typeof menu.$inferInsert, parentId: number, topMenuCode: string): Promise<number> => {
      const [row] = await t.insert(menu).values(values).returning({ id: menu.id });
      added.push(values.code);
      ids.set(values.code, row.id);
      if (parentId) {
        await t.execute(sql`insert into role_menu (role_id, menu_id) select role_id, ${row.id} from role_menu where menu_id = ${parentId} on conflict do nothing`);
        await t.execute(sql`update tenant_package set menu_id = menu_id || ',' || ${String(row.id)} where ${String(parentId)} = any(string_to_array(menu_id, ','))`);
      } else {
        await t.execute(sql`insert into role_menu (role_id, menu_id) select id, ${row.id} from role where role_alias = ${ADMIN_ROLE_ALIAS} and is_deleted = 0 on conflict do nothing`);
        await t.execute(sql`insert into top_menu_setting (top_menu_id, menu_id) select id, ${row.id} from top_menu where code = ${topMenuCode} and is_deleted = 0`);
      }
      return row.id;
    };
    const walk = async (m: MenuSeed, parentId: number, sort: number, topMenuCode: string): Promise<void> => {
      const id = ids.get(m.code) ?? (await insert(menuRow(m, parentId, sort), parentId, topMenuCode));
      const buttons: [string, string, string][] = [
        ...(m.buttons ? BUTTON_VERBS.map(([verb, label]): [string, string, string] => [`${m.code}_${verb}`, label, verb]) : []),
        ...(m.extraButtons ?? []).map(([code, label]): [string, string, string] => [code, label, code]),
      ];
      for (const [i, [code, name, segment]] of buttons.entries())
        if (!ids.has(code)) await insert({ parentId: id, code, name, path: `${m.path}/${segment}`, sort: i + 1, category: 2, action: 1 }, id, topMenuCode);
      for (const [i, c] of (m.children ?? []).entries()) await walk(c, id, i + 1, topMenuCode);
    };
    for (const top of topMenuSeeds) for (const [i, m] of top.menus.entries()) await walk(m, 0, i + 1, top.code);
  });
  return added;
}
