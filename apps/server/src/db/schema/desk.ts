import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

/** Desk notices (通知公告): rich text by kind, dated, per tenant. */
export const deskNotice = pgTable(
  'desk_notice',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** a key of the `notice` dictionary */
    category: varchar('category', { length: 8 }).notNull(),
    releaseTime: timestamp('release_time', { withTimezone: true }).notNull(),
    content: text('content').notNull(),
    ...audit,
  },
  (t) => [
    index('desk_notice_tenant_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
  ],
);
