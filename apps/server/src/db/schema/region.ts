import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Administrative regions, keyed by their code. */
export const region = pgTable(
  'region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull().default('00'),
    ancestors: text('ancestors').notNull().default(''),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 country … 3 district, 4 street/town, 5 village */
    level: integer('level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
  },
  (t) => [index('region_parent_idx').on(t.parentCode)],
);
