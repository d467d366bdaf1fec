import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

const dictColumns = () => ({
  id: id(),
  parentId: ref('parent_id').notNull().default(0),
  code: varchar('code', { length: 64 }).notNull(),
  dictKey: varchar('dict_key', { length: 64 }).notNull().default('-1'),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  /** the label in English, shown when the workbench is in English; '' shows dictValue */
  dictValueEn: varchar('dict_value_en', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  remark: text('remark').notNull().default(''),
  isSealed: integer('is_sealed').notNull().default(0),
  ...audit,
});

/** System dictionary, shared by all tenants: a parent row (dictKey '-1', parentId 0) per code, its entries as children. */
export const dict = pgTable('dict', dictColumns(), (t) => [
  index('dict_code_idx')
    .on(t.code)
    .where(sql`${t.isDeleted} = 0`),
  index('dict_parent_idx')
    .on(t.parentId)
    .where(sql`${t.isDeleted} = 0`),
]);

/** Business dictionary: the same shape, per tenant. */
export const dictBiz = pgTable('dict_biz', { ...dictColumns(), tenantId: varchar('tenant_id', { length: 12 }).notNull() }, (t) => [
  index('dict_biz_code_idx')
    .on(t.tenantId, t.code)
    .where(sql`${t.isDeleted} = 0`),
  index('dict_biz_parent_idx')
    .on(t.tenantId, t.parentId)
    .where(sql`${t.isDeleted} = 0`),
]);
