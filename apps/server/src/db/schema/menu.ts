import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** Menus and buttons are shared by all tenants; roles and top menus decide who sees them. */
export const menu = pgTable(
  'menu',
  {
    id: id(),
    parentId: ref('parent_id').notNull().default(0),
    code: varchar('code', { length: 128 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    alias: varchar('alias', { length: 128 }).notNull().default(''),
    path: text('path').notNull().default(''),
    source: varchar('source', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 menu, 2 button */
    category: integer('category').notNull().default(1),
    action: integer('action').notNull().default(0),
    /** 1 same tab, 2 new window */
    isOpen: integer('is_open').notNull().default(1),
    remark: text('remark').notNull().default(''),
    serviceName: varchar('service_name', { length: 64 }).notNull().default(''),
    isBlank: boolean('is_blank').notNull().default(false),
    isTab: boolean('is_tab').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    enableGray: boolean('enable_gray').notNull().default(false),
    grayPath: text('gray_path').notNull().default(''),
    query: text('query').notNull().default(''),
    ...audit,
  },
  (t) => [
    index('menu_parent_idx')
      .on(t.parentId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const roleMenu = pgTable('role_menu', { roleId: ref('role_id').notNull(), menuId: ref('menu_id').notNull() }, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const topMenu = pgTable('top_menu', {
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  source: varchar('source', { length: 64 }).notNull().default(''),
  path: text('path').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** mount prefix of the sub-application it opens ('' for shell pages) */
  serviceName: varchar('service_name', { length: 64 }).notNull().default(''),
  ...audit,
});

export const topMenuSetting = pgTable('top_menu_setting', { topMenuId: ref('top_menu_id').notNull(), menuId: ref('menu_id').notNull() }, (t) => [
  primaryKey({ columns: [t.topMenuId, t.menuId] }),
]);
