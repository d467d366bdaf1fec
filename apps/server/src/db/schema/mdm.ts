import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** Master data behind the project picker: company → city → project. */
export const company = pgTable('company', {
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 128 }).notNull(),
  ...audit,
});

export const city = pgTable('city', {
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  companyId: ref('company_id').notNull(),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 128 }).notNull(),
  ...audit,
});

export const project = pgTable('project', {
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  companyId: ref('company_id').notNull(),
  cityId: ref('city_id').notNull(),
  name: varchar('name', { length: 128 }).notNull(),
  tririgaCode: varchar('tririga_code', { length: 64 }).notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  ...audit,
});
