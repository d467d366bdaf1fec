import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/**
 * Subscription packages (订阅套餐): one per company (project_id null) and one per project at most.
 * The package in effect for a project is its own, else its company's (platform/subscription.ts).
 */
export const subscribePackage = pgTable(
  'subscribe_package',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    companyId: ref('company_id').notNull(),
    /** null: the company's package */
    projectId: ref('project_id'),
    packageName: varchar('package_name', { length: 64 }).notNull(),
    /** 1 by workers, 2 by devices, 3 unlimited */
    type: integer('type').notNull().default(1),
    level: varchar('level', { length: 32 }).notNull().default(''),
    /** -1: no limit */
    accountNum: integer('account_num').notNull().default(-1),
    userNum: integer('user_num').notNull().default(-1),
    deviceNum: integer('device_num').notNull().default(-1),
    /** comma-joined top menu ids; '' for every system */
    systemAccess: text('system_access').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    remindDays: integer('remind_days').notNull().default(30),
    /** 1 the default reminder text, 2 `content` */
    ruleType: integer('rule_type').notNull().default(1),
    /** '-1': no reminder */
    content: varchar('content', { length: 500 }).notNull().default(''),
    ...audit,
  },
  (t) => [
    index('subscribe_package_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    // one package per company and per project: the one in effect is never a choice
    uniqueIndex('subscribe_package_scope_uq')
      .on(t.tenantId, t.companyId, sql`coalesce(${t.projectId}, 0)`)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/**
 * A user closed a project's expiry reminder, or viewed its detail: it is shown again at most once
 * a day after that. `project_id` 0 is a company's 'all' entry of the picker.
 */
export const subscribeNotifyDismiss = pgTable(
  'subscribe_notify_dismiss',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    dismissTime: timestamp('dismiss_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId, t.projectId] })],
);
