import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** System dictionary: a parent row (dictKey '-1') per code, its entries as children. */
export const dict = pgTable(
  'dict',
  {
    id: id(),
    parentId: ref('parent_id').notNull().default(0),
    code: varchar('code', { length: 64 }).notNull(),
    dictKey: varchar('dict_key', { length: 64 }).notNull(),
    dictValue: varchar('dict_value', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    isSealed: integer('is_sealed').notNull().default(0),
    ...audit,
  },
  (t) => [index('dict_code_idx').on(t.code).where(sql`${t.isDeleted} = 0`)],
);
