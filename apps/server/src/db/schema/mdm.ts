import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** Master data behind the project picker: company → city → project. */
export const company = pgTable(
  'company',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    ...audit,
  },
  (t) => [
    index('company_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    uniqueIndex('company_tenant_code_uq')
      .on(t.tenantId, t.code)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const city = pgTable(
  'city',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    companyId: ref('company_id').notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    ...audit,
  },
  (t) => [
    index('city_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const project = pgTable(
  'project',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    companyId: ref('company_id').notNull(),
    cityId: ref('city_id').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    tririgaCode: varchar('tririga_code', { length: 64 }).notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    ...audit,
  },
  (t) => [
    index('project_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const supplier = pgTable(
  'supplier',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull().default(''),
    contact: varchar('contact', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [
    index('supplier_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const vehicle = pgTable(
  'vehicle',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    plateNo: varchar('plate_no', { length: 16 }).notNull(),
    vehicleType: varchar('vehicle_type', { length: 8 }).notNull(),
    projectId: ref('project_id').notNull(),
    supplierId: ref('supplier_id'),
    inService: integer('in_service').notNull().default(1),
    ...audit,
  },
  (t) => [
    index('vehicle_tenant_list_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.isDeleted} = 0`),
    uniqueIndex('vehicle_tenant_plate_uq')
      .on(t.tenantId, t.plateNo)
      .where(sql`${t.isDeleted} = 0`),
  ],
);
