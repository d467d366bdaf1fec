import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

export const user = pgTable(
  'user',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    password: text('password').notNull(),
    userType: integer('user_type').notNull().default(1),
    name: varchar('name', { length: 64 }).notNull().default(''),
    realName: varchar('real_name', { length: 64 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    sex: integer('sex').notNull().default(3),
    code: varchar('code', { length: 64 }).notNull().default(''),
    birthday: timestamp('birthday', { withTimezone: true }),
    /** comma-joined ids, as on the wire */
    roleId: text('role_id').notNull().default(''),
    deptId: text('dept_id').notNull().default(''),
    postId: text('post_id').notNull().default(''),
    failCount: integer('fail_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...audit,
  },
  (t) => [
    uniqueIndex('user_tenant_account_uq')
      .on(t.tenantId, t.account)
      .where(sql`${t.isDeleted} = 0`),
    index('user_account_idx').on(t.account),
    // the user page reads newest first within one tenant, and filters by department (dept_id is comma-joined)
    index('user_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    // fastupdate off: a pending list would be scanned whole by every search (400 ms at 100,000 users)
    index('user_dept_idx')
      .using('gin', sql`string_to_array(${t.deptId}, ',')`)
      .with({ fastupdate: false })
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const role = pgTable(
  'role',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    parentId: ref('parent_id').notNull().default(0),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleAlias: varchar('role_alias', { length: 64 }).notNull(),
    /** the projects (comma-joined ids) the role's users may pick; '' for every project (roles v2) */
    projectId: text('project_id').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('role_parent_idx')
      .on(t.tenantId, t.parentId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const dept = pgTable(
  'dept',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    parentId: ref('parent_id').notNull().default(0),
    ancestors: text('ancestors').notNull().default('0'),
    deptName: varchar('dept_name', { length: 64 }).notNull(),
    fullName: varchar('full_name', { length: 128 }).notNull().default(''),
    deptCategory: integer('dept_category').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  // the lazy tree reads one level (and whether each node has children) through this index
  (t) => [
    index('dept_parent_idx')
      .on(t.tenantId, t.parentId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const post = pgTable(
  'post',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    category: integer('category').notNull().default(1),
    postCode: varchar('post_code', { length: 64 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...audit,
  },
  (t) => [
    uniqueIndex('post_tenant_code_uq')
      .on(t.tenantId, t.postCode)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/** A user's settings per platform (web, app, other): the family's update-platform / platform-detail calls. */
export const userPlatform = pgTable(
  'user_platform',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: ref('user_id').notNull(),
    userType: integer('user_type').notNull(),
    userExt: text('user_ext').notNull().default(''),
  },
  (t) => [uniqueIndex('user_platform_uq').on(t.userId, t.userType)],
);

/** A third-party identity bound to a user (code-grant login through a configured provider). */
export const userOauth = pgTable(
  'user_oauth',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: ref('user_id'),
    source: varchar('source', { length: 32 }).notNull(),
    uuid: varchar('uuid', { length: 128 }).notNull(),
    username: varchar('username', { length: 64 }).notNull().default(''),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_oauth_source_uuid_uq').on(t.tenantId, t.source, t.uuid)],
);
