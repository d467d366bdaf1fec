import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

export const param = pgTable(
  'param',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [
    // the list page reads newest first within one tenant: this index serves it without a sort
    index('param_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    uniqueIndex('param_tenant_key_uq')
      .on(t.tenantId, t.paramKey)
      .where(sql`${t.isDeleted} = 0`),
  ],
);
