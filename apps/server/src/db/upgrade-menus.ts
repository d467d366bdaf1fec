import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import type { Db } from './client';
import { menu } from './schema/index';
import { dictionaryEn } from './seed-dict-en';
import { BUTTON_VERBS, menuRow, type MenuSeed, topMenuSeeds } from './seed-menus';

/**
 * What a database seeded by an earlier version lacks of the product's menus (a new page, a new
 * action's button): every seeded menu or button whose code is not in the table is added under
 * its parent, found by code. It goes to whoever has the parent: the roles granted it and the
 * tenant packages that list it; a new section (no parent) to each tenant's administrators and
 * its top menu. A seeded menu this version renamed takes its new name, unless the tenant has
 * renamed it (FORMER_NAMES). Run at every start after the seed, under the migration lock; it
 * changes nothing when nothing is missing, and answers the codes it added or renamed.
 */
export async function addMissingMenus(db: Db): Promise<string[]> {
  const rows = await db.select({ id: menu.id, code: menu.code, name: menu.name }).from(menu).where(eq(menu.isDeleted, 0));
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const names = new Map(rows.map((r) => [r.code, r.name]));
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
      const former = formerName(m.code);
      if (former && names.get(m.code) === former) {
        await t
          .update(menu)
          .set({ name: m.name })
          .where(and(eq(menu.code, m.code), eq(menu.isDeleted, 0)));
        added.push(m.code);
      }
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

/**
 * The names earlier versions seeded for menus this one renamed: two pages were named like a
 * group or a top menu beside them (公告管理, 版本管理), and every sub-app's start page was '首页'.
 */
function formerName(code: string): string | undefined {
  if (code === 'systemnotify') return '公告管理';
  if (code === 'version') return '版本管理';
  return code.endsWith('_start') ? '首页' : undefined;
}

/**
 * The English labels (dict_value_en) an earlier version did not seed: each seeded dictionary's
 * name and items get theirs where the label is still empty, in both dictionaries and every
 * tenant; a label a tenant wrote stays. Answers how many rows it filled.
 */
export async function addMissingDictionaryEnglish(db: Db): Promise<number> {
  const labels = Object.entries(dictionaryEn).flatMap(([code, en]) => [['-1', en.name], ...Object.entries(en.items)].map(([key, label]) => sql`(${code}, ${key}, ${label})`));
  let filled = 0;
  // one statement per dictionary: this runs at every start
  for (const table of ['dict', 'dict_biz']) {
    const { rows } = await db.execute(
      sql`update ${sql.identifier(table)} d set dict_value_en = v.label from (values ${sql.join(labels, sql`, `)}) as v(code, key, label)
          where d.code = v.code and d.dict_key = v.key and d.dict_value_en = '' and d.is_deleted = 0 returning d.id`,
    );
    filled += rows.length;
  }
  return filled;
}
