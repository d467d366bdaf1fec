import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

export const tenant = pgTable(
  'tenant',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 100 }).notNull(),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    backgroundUrl: text('background_url').notNull().default(''),
    linkman: varchar('linkman', { length: 50 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 30 }).notNull().default(''),
    address: text('address').notNull().default(''),
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    packageId: ref('package_id'),
    datasourceId: ref('datasource_id'),
    ...audit,
  },
  (t) => [
    uniqueIndex('tenant_tenant_id_uq')
      .on(t.tenantId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/** OAuth clients; the secret is stored as an argon2id hash, never in clear. */
export const client = pgTable(
  'client',
  {
    id: id(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    clientSecret: text('client_secret').notNull(),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 255 }).notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default('all'),
    accessTokenValidity: integer('access_token_validity').notNull(),
    refreshTokenValidity: integer('refresh_token_validity').notNull(),
    webServerRedirectUri: text('web_server_redirect_uri').notNull().default(''),
    resourceIds: varchar('resource_ids', { length: 255 }).notNull().default(''),
    authorities: varchar('authorities', { length: 255 }).notNull().default(''),
    autoapprove: varchar('autoapprove', { length: 255 }).notNull().default(''),
    additionalInformation: text('additional_information').notNull().default(''),
    ...audit,
  },
  (t) => [
    uniqueIndex('client_client_id_uq')
      .on(t.clientId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/** What a tenant may use: the menus (comma-joined ids) its roles, top menus and grants never exceed. */
export const tenantPackage = pgTable('tenant_package', {
  id: id(),
  packageName: varchar('package_name', { length: 50 }).notNull(),
  menuId: text('menu_id').notNull().default(''),
  remark: text('remark').notNull().default(''),
  ...audit,
});

/** Databases a tenant's data may live in; the password is encrypted at rest (platform/secrets.ts), never answered. */
export const datasource = pgTable('datasource', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  driverClass: varchar('driver_class', { length: 100 }).notNull().default('org.postgresql.Driver'),
  url: text('url').notNull(),
  username: varchar('username', { length: 100 }).notNull(),
  password: text('password').notNull().default(''),
  remark: text('remark').notNull().default(''),
  ...audit,
});
