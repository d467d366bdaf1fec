import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './common';

/** Uploaded files; the bytes live in the object store under `name`. */
export const attach = pgTable(
  'attach',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    link: text('link').notNull(),
    domain: text('domain').notNull().default(''),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    extension: varchar('extension', { length: 16 }).notNull(),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull(),
    ...audit,
  },
  // every signed file link is served by looking up its tenant's file by name
  (t) => [index('attach_tenant_name_idx').on(t.tenantId, t.name)],
);

/** Every SMS the default provider 'sends' is recorded here, where an admin can read it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    content: text('content').notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_tenant_idx').on(t.tenantId, t.id.desc())],
);

/** Codes sent for password retrieval: hashed, expiring, single use, counted against abuse. */
export const verifyCode = pgTable(
  'verify_code',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** the account the code was sent for */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** set when the identifyCode issued for this code has reset a password */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verify_code_phone_idx').on(t.phone, t.purpose, t.id.desc())],
);

/** Logs the shell uploads from its local error log (POST /us-log/log/saveUsualLog). */
export const usualLog = pgTable(
  'usual_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    serviceId: varchar('service_id', { length: 64 }).notNull().default('shell'),
    logLevel: varchar('log_level', { length: 16 }).notNull().default('error'),
    logId: varchar('log_id', { length: 64 }).notNull().default(''),
    logData: jsonb('log_data').notNull(),
    requestUri: text('request_uri').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    remoteIp: varchar('remote_ip', { length: 64 }).notNull().default(''),
    createBy: varchar('create_by', { length: 64 }).notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usual_log_tenant_idx').on(t.tenantId, t.id.desc())],
);

/** Header links of the business-systems dropdown; projectIds limits where each shows. */
export const businessSystemExt = pgTable(
  'business_system_ext',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    url: text('url').notNull(),
    /** comma-joined project ids; '' shows the link everywhere */
    projectIds: text('project_ids').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('business_system_ext_tenant_idx')
      .on(t.tenantId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/**
 * An export run as a job (the download centre): one row per request, the caller's filters and
 * data scope as they were when they asked, its progress while it runs and its file once done.
 * `attempt` names the run that owns the row: a run superseded after a crash writes nothing.
 */
export const downloadJob = pgTable(
  'download_job',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** the resource exported (its definition's name) with the list's filters and the caller's scope */
    resource: varchar('resource', { length: 64 }).notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    fileName: text('file_name').notNull(),
    /** the object in the store and its attach row, once the file is complete */
    objectName: text('object_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** 2 running, 3 done, -1 failed (shell spec §3) */
    jobStatus: integer('job_status').notNull().default(2),
    completeRate: integer('complete_rate').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    attempt: integer('attempt').notNull().default(0),
    /** set by the run as it goes; a running job whose heartbeat stopped lost its run */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    error: text('error'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    jobEndTime: timestamp('job_end_time', { withTimezone: true }),
  },
  (t) => [
    index('download_job_user_idx').on(t.tenantId, t.userId, t.id),
    index('download_job_running_idx')
      .on(t.heartbeatAt)
      .where(sql`job_status = 2`),
  ],
);
