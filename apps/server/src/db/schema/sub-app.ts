import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

/** The sub-application registry (contracts/resources/sub-app.ts). */
export const subApp = pgTable(
  'sub_app',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    serviceName: varchar('service_name', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 64 }).notNull(),
    host: text('host').notNull().default(''),
    defaultApiHost: text('default_api_host').notNull().default(''),
    defaultPath: varchar('default_path', { length: 255 }).notNull().default(''),
    /** '' (detected by the shell), 'history' or 'hash' */
    routerMode: varchar('router_mode', { length: 16 }).notNull().default(''),
    exec: integer('exec').notNull().default(1),
    fiber: integer('fiber').notNull().default(1),
    alive: integer('alive').notNull().default(1),
    isDashboardApp: integer('is_dashboard_app').notNull().default(0),
    default: integer('is_default').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('sub_app_service_uq')
      .on(t.tenantId, t.serviceName)
      .where(sql`${t.isDeleted} = 0`),
  ],
);
