import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/**
 * A data scope: which rows of a resource (`resourceCode`, the table's name) a role
 * granted it sees. Attached to a menu, shared by all tenants like the menus.
 * scopeType: 1 all, 2 self, 3 own dept, 4 dept and children, 5 custom (the depts in scopeValue).
 */
export const dataScope = pgTable(
  'data_scope',
  {
    id: id(),
    menuId: ref('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 64 }).notNull(),
    scopeName: varchar('scope_name', { length: 64 }).notNull(),
    scopeField: varchar('scope_field', { length: 64 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 128 }).notNull().default(''),
    /** the column compared: a dept column for types 3–5, a user column for type 2 */
    scopeColumn: varchar('scope_column', { length: 64 }).notNull().default('create_dept'),
    scopeType: integer('scope_type').notNull(),
    scopeValue: text('scope_value').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [index('data_scope_menu_idx').on(t.menuId)],
);

/**
 * An API scope: the paths (`scopePath`, '*' and '**' wildcards) it covers. A path some
 * API scope covers may be called only by a role granted one of the scopes covering it.
 */
export const apiScope = pgTable(
  'api_scope',
  {
    id: id(),
    menuId: ref('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 64 }).notNull(),
    scopeName: varchar('scope_name', { length: 64 }).notNull(),
    scopePath: varchar('scope_path', { length: 255 }).notNull(),
    /** the dictionary api_scope_type: 1 system, 2 business (a label, not a rule) */
    scopeType: integer('scope_type').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [index('api_scope_menu_idx').on(t.menuId)],
);

/** The data (category 1) and API (category 2) scopes granted to a role. */
export const roleScope = pgTable(
  'role_scope',
  {
    roleId: ref('role_id').notNull(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: ref('scope_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.scopeCategory, t.scopeId] })],
);

/** Who changed which grant, when, from what to what (the role page's grant history). */
export const grantLog = pgTable(
  'grant_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** 'role' (menus and scopes of a role), 'user' (roles of a user), 'topMenu', 'package' */
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: ref('target_id').notNull(),
    /** what changed: 'menu', 'dataScope', 'apiScope', 'role' */
    field: varchar('field', { length: 16 }).notNull(),
    /** comma-joined ids before and after */
    before: text('before').notNull().default(''),
    after: text('after').notNull().default(''),
    operatorId: ref('operator_id'),
    operatorName: varchar('operator_name', { length: 64 }).notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grant_log_target_idx').on(t.tenantId, t.targetType, t.targetId, t.id.desc())],
);
