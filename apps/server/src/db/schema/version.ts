import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

/**
 * Versions of the product, written by the platform for every tenant: the release notes shown
 * once to each user as a carousel (guideType 'all'), or a step-by-step tour ('step').
 */
export const versionManage = pgTable(
  'version_manage',
  {
    id: id(),
    versionNo: varchar('version_no', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    guideType: varchar('guide_type', { length: 8 }).notNull().default('all'),
    content: text('content').notNull().default(''),
    showContent: integer('show_content').notNull().default(1),
    /** the update date the guide shows */
    pushTime: timestamp('push_time', { withTimezone: true }).notNull(),
    /** 0 draft, 1 published */
    publishStatus: integer('publish_status').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('version_manage_published_idx')
      .on(t.pushTime.desc())
      .where(sql`${t.isDeleted} = 0 and ${t.publishStatus} = 1`),
  ],
);

/** The steps of a version's guide: a slide of the carousel, or a step of the tour pointing at an element. */
export const versionGuideStep = pgTable(
  'version_guide_step',
  {
    id: id(),
    versionId: bigint('version_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(1),
    content: varchar('content', { length: 500 }).notNull(),
    /** the tour's target: a CSS selector and an event, comma-separated ('.wb-notice-bell,click') */
    pageTag: varchar('page_tag', { length: 200 }).notNull().default(''),
    stepImg: varchar('step_img', { length: 500 }).notNull().default(''),
    serverName: varchar('server_name', { length: 64 }).notNull().default(''),
    menuTag: varchar('menu_tag', { length: 200 }).notNull().default(''),
    ...audit,
  },
  (t) => [index('version_guide_step_version_idx').on(t.versionId, t.sort)],
);

/** Who has been shown which version's guide (finished or closed it): it is not shown to them again. */
export const versionLoginRecord = pgTable(
  'version_login_record',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    versionId: bigint('version_id', { mode: 'number' }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.versionId] })],
);
