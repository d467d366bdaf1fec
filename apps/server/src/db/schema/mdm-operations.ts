import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/**
 * The master data of the work on site (packages/contracts/src/resources/mdm-operations.ts):
 * the people, grids, facilities, job locations and IoT devices of each project. Every list is
 * read newest first within a tenant and filtered by project (the shell's picker); codes (a
 * person's job number) are unique among a tenant's live rows.
 */
const tenantId = () => varchar('tenant_id', { length: 12 }).notNull();
const live = (isDeleted: ExtraConfigColumn) => sql`${isDeleted} = 0`;
/** The list (newest first), the picker's project filter, and a code unique among the tenant's live rows. */
const indexes = (name: string, t: { tenantId: ExtraConfigColumn; id: ExtraConfigColumn; projectId: ExtraConfigColumn; isDeleted: ExtraConfigColumn }, code: ExtraConfigColumn) => [
  index(`${name}_tenant_list_idx`).on(t.tenantId, t.id.desc()).where(live(t.isDeleted)),
  index(`${name}_tenant_project_idx`).on(t.tenantId, t.projectId).where(live(t.isDeleted)),
  uniqueIndex(`${name}_tenant_code_uq`).on(t.tenantId, code).where(live(t.isDeleted)),
];

/** 人员: a person working for a company, on one of its projects or on none (company staff). */
export const mdmUser = pgTable(
  'mdm_user',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    jobNo: varchar('job_no', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull().default(''),
    companyId: ref('company_id').notNull(),
    projectId: ref('project_id'),
    postType: varchar('post_type', { length: 8 }).notNull(),
    workStatus: varchar('work_status', { length: 8 }).notNull().default('1'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => indexes('mdm_user', t, t.jobNo),
);

/** 网格: an area of a project that one team looks after, within a street of the regions. */
export const grid = pgTable(
  'grid',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    gridType: varchar('grid_type', { length: 8 }).notNull(),
    projectId: ref('project_id').notNull(),
    regionCode: varchar('region_code', { length: 12 }),
    area: integer('area'),
    managerId: ref('manager_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => indexes('grid', t, t.code),
);

/** 设施: a fixed installation of a project (a public toilet, a transfer station); its company is its project's. */
export const facility = pgTable(
  'facility',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    facilityType: varchar('facility_type', { length: 8 }).notNull(),
    projectId: ref('project_id').notNull(),
    companyId: ref('company_id').notNull(),
    managerId: ref('manager_id'),
    address: varchar('address', { length: 255 }).notNull().default(''),
    inService: integer('in_service').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => indexes('facility', t, t.code),
);

/** 作业点位: a place in a grid where work is done and checked (a sweeping point, a patrol checkpoint). */
export const jobLocation = pgTable(
  'job_location',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    pointType: varchar('point_type', { length: 8 }).notNull(),
    projectId: ref('project_id').notNull(),
    gridId: ref('grid_id').notNull(),
    longitude: varchar('longitude', { length: 16 }).notNull().default(''),
    latitude: varchar('latitude', { length: 16 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => indexes('job_location', t, t.code),
);

/** 物联设备: a connected device of a project (a camera, a fill-level sensor), maybe mounted on one of its facilities. */
export const iotDevice = pgTable(
  'iot_device',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    deviceType: varchar('device_type', { length: 8 }).notNull(),
    projectId: ref('project_id').notNull(),
    facilityId: ref('facility_id'),
    supplierId: ref('supplier_id'),
    protocol: varchar('protocol', { length: 8 }).notNull().default(''),
    location: varchar('location', { length: 255 }).notNull().default(''),
    inService: integer('in_service').notNull().default(1),
    ...audit,
  },
  (t) => indexes('iot_device', t, t.deviceCode),
);
