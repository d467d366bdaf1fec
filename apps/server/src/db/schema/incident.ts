import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** Incidents under supervision (事件督办): one user handles each by its deadline. */
export const incident = pgTable(
  'incident',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    incidentType: varchar('incident_type', { length: 8 }).notNull(),
    level: varchar('level', { length: 8 }).notNull().default('1'),
    handleStatus: varchar('handle_status', { length: 8 }).notNull().default('0'),
    projectId: ref('project_id').notNull(),
    address: varchar('address', { length: 255 }).notNull().default(''),
    description: text('description').notNull().default(''),
    handlerId: ref('handler_id').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    ...audit,
  },
  (t) => [
    index('incident_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    index('incident_handler_idx')
      .on(t.tenantId, t.handlerId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);
