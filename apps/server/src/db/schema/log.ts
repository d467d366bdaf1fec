import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, varchar, type PgColumn } from 'drizzle-orm/pg-core';
import { id } from './common';

/** the status most rows of the API log have: its status index leaves them out, and the tenant index finds them at once */
export const USUAL_STATUS = 200;

/**
 * The rows the API log's status index holds: every answer but USUAL_STATUS, so most inserts add
 * no entry to it. The list adds this condition as written, a literal, when it filters by another
 * status (the planner takes a partial index only for a condition it sees; a prepared statement's
 * `status = $1` is not one).
 */
export const unusualStatus = (status: PgColumn) => sql`${status} <> ${sql.raw(String(USUAL_STATUS))}`;

/** Who asked what, where: the columns both logs begin with (fresh builders for each table). */
const requestColumns = () => ({
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  account: varchar('account', { length: 64 }).notNull().default(''),
  serviceId: varchar('service_id', { length: 64 }).notNull(),
  serverHost: varchar('server_host', { length: 128 }).notNull(),
  method: varchar('method', { length: 8 }).notNull(),
  requestUri: varchar('request_uri', { length: 1000 }).notNull(),
});

/** Every request the API answered (platform/request-log.ts writes them in batches, off the request path). */
export const apiLog = pgTable(
  'api_log',
  {
    ...requestColumns(),
    route: varchar('route', { length: 500 }).notNull().default(''),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    remoteIp: varchar('remote_ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    /** the query and body, secrets written as *** */
    params: text('params').notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending ids, read backwards for newest first: rows come in id order, and an index on
  // (tenant, id desc) takes each at the left end of the tenant's range, where full pages split in
  // halves that stay half empty (twice the pages, and no fast path for the insert).
  (t) => [
    index('api_log_tenant_idx').on(t.tenantId, t.id),
    // request ids are random and only looked up whole: a hash index costs the busiest insert less than a btree
    index('api_log_request_idx').using('hash', t.requestId),
    index('api_log_time_idx').on(t.createTime),
    index('api_log_status_idx').on(t.tenantId, t.status, t.id).where(unusualStatus(t.status)),
  ],
);

/** Every 5xx and unhandled error, with its stack and the request that caused it; `fingerprint` groups the same fault. */
export const errorLog = pgTable(
  'error_log',
  {
    ...requestColumns(),
    status: integer('status').notNull(),
    message: varchar('message', { length: 2000 }).notNull(),
    stack: text('stack').notNull().default(''),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    params: text('params').notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('error_log_tenant_idx').on(t.tenantId, t.id),
    index('error_log_fingerprint_idx').on(t.fingerprint),
    index('error_log_request_idx').on(t.requestId),
    index('error_log_time_idx').on(t.createTime),
  ],
);
