import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

/**
 * Announcements (系统公告): written by a tenant's administrator in a rich-text editor (kept
 * sanitised), published to the tenant (2), to some of its roles (3), or by the platform's own
 * tenant to every tenant (1).
 */
export const systemNotify = pgTable(
  'system_notify',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    targetType: integer('target_type').notNull().default(2),
    roleId: varchar('role_id', { length: 2000 }).notNull().default(''),
    /** 0 draft, 1 published */
    publishStatus: integer('publish_status').notNull().default(0),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    ...audit,
  },
  (t) => [
    index('system_notify_tenant_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    // what a reader is shown: the published ones, newest first
    index('system_notify_published_idx')
      .on(t.publishTime.desc())
      .where(sql`${t.isDeleted} = 0 and ${t.publishStatus} = 1`),
  ],
);

/** Who has read which announcement: a row once read (the shell's systemNotifyUserId is the announcement's id). */
export const systemNotifyRead = pgTable(
  'system_notify_read',
  {
    notifyId: bigint('notify_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readTime: timestamp('read_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notifyId] })],
);

/** Supervision reminders (督办提醒): one user's, with a link into the workbench; written by an administrator or by the server. */
export const messageNotify = pgTable(
  'message_notify',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** the user reminded */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    modelName: varchar('model_name', { length: 64 }).notNull().default(''),
    url: varchar('url', { length: 500 }).notNull().default(''),
    /** 0 unread, 1 read */
    readStatus: integer('read_status').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('message_notify_user_idx')
      .on(t.tenantId, t.userId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
  ],
);
