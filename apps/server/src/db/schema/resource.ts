import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

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
    /** the storage configuration (oss) holding the bytes; null for the server's own store */
    ossId: ref('oss_id'),
    ...audit,
  },
  // every signed file link is served by looking up its tenant's file by name
  (t) => [index('attach_tenant_name_idx').on(t.tenantId, t.name)],
);

/**
 * Every text message sent, by any provider, with how it went; the default provider sends
 * nothing and this row is all there is (where an admin reads it). Also the per-phone allowance.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    content: text('content').notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** the configuration's code and template, '' for the default provider's texts */
    smsCode: varchar('sms_code', { length: 64 }).notNull().default(''),
    templateId: varchar('template_id', { length: 64 }).notNull().default(''),
    /** 1 sent, 0 refused by the provider (error says why) */
    sent: integer('sent').notNull().default(1),
    error: text('error').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_tenant_idx').on(t.tenantId, t.id.desc()), index('sms_outbox_phone_idx').on(t.phone, t.createTime)],
);

/** SMS provider configurations (短信配置); status 2 is the tenant's enabled one, others 1. */
export const sms = pgTable(
  'sms',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** the `sms` dictionary: 1 yunpian, 2 qiniu, 3 ali, 4 tencent */
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 64 }).notNull(),
    templateId: varchar('template_id', { length: 64 }).notNull().default(''),
    accessKey: varchar('access_key', { length: 255 }).notNull().default(''),
    /** sealed (platform/secrets.ts), never answered */
    secretKey: text('secret_key').notNull().default(''),
    regionId: varchar('region_id', { length: 64 }).notNull().default(''),
    signName: varchar('sign_name', { length: 64 }).notNull().default(''),
    /** the provider's API address; '' for its public one */
    endpoint: varchar('endpoint', { length: 500 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [index('sms_tenant_idx').on(t.tenantId)],
);

/** Object storage configurations (对象存储); status 2 is where the tenant's uploads go. */
export const oss = pgTable(
  'oss',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** the `oss` dictionary: 0 local disk, 1 minio, 2 qiniu, 3 ali, 4 tencent (all but 0 spoken to as S3) */
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 64 }).notNull(),
    endpoint: varchar('endpoint', { length: 500 }).notNull().default(''),
    accessKey: varchar('access_key', { length: 255 }).notNull().default(''),
    /** sealed (platform/secrets.ts), never answered */
    secretKey: text('secret_key').notNull().default(''),
    bucketName: varchar('bucket_name', { length: 255 }).notNull().default(''),
    appId: varchar('app_id', { length: 64 }).notNull().default(''),
    region: varchar('region', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [index('oss_tenant_idx').on(t.tenantId)],
);

/** A saved list query (报表): a resource with its filters and columns, and how to chart it. */
export const report = pgTable(
  'report',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    resource: varchar('resource', { length: 64 }).notNull(),
    /** the list's filters (JSON text of the list call's parameters) */
    query: text('query').notNull(),
    /** the columns shown, in order (JSON text: field names) */
    columns: text('columns').notNull(),
    /** JSON text { type: 'bar' | 'line' | 'pie', x: field, y?: field }: counts by x, or sums y by x; '' for none */
    chart: text('chart').notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit,
  },
  (t) => [index('report_tenant_idx').on(t.tenantId)],
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
    /** the entry's message and stack, read out of logData for the list and the detail */
    message: varchar('message', { length: 4000 }).notNull().default(''),
    stack: text('stack').notNull().default(''),
    requestUri: text('request_uri').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    remoteIp: varchar('remote_ip', { length: 64 }).notNull().default(''),
    createBy: varchar('create_by', { length: 64 }).notNull().default(''),
    /** the X-Request-Id of the request the entry was uploaded with, or that the shell saw fail */
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usual_log_tenant_idx').on(t.tenantId, t.id.desc()), index('usual_log_request_idx').on(t.requestId)],
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

/** The columns of a job run under a heartbeat (platform/job-runs.ts): its state, its attempt, its heartbeat. */
const jobRun = () => ({
  /** 2 running, 3 done, -1 failed (shell spec §3) */
  jobStatus: integer('job_status').notNull().default(2),
  attempt: integer('attempt').notNull().default(0),
  /** set by the run as it goes; a running job whose heartbeat stopped lost its run */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  /** why the job failed */
  error: text('error'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  jobEndTime: timestamp('job_end_time', { withTimezone: true }),
});

/** A user's jobs, newest first; the running ones, for the supervisor. */
const jobRunIndexes = (name: string, t: { tenantId: AnyPgColumn; userId: AnyPgColumn; id: AnyPgColumn; heartbeatAt: AnyPgColumn }) => [
  index(`${name}_user_idx`).on(t.tenantId, t.userId, t.id),
  index(`${name}_running_idx`)
    .on(t.heartbeatAt)
    .where(sql`job_status = 2`),
];

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
    completeRate: integer('complete_rate').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    ...jobRun(),
  },
  (t) => jobRunIndexes('download_job', t),
);

/**
 * An import of the upload centre: an .xlsx of one resource's rows, run as a job. Each batch of
 * rows is written together with `processed` and the counts, so a run that dies is continued
 * after the last written batch, never written twice.
 */
export const fileImport = pgTable(
  'file_import',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** the resource imported (its definition's name), the caller as they were, and the project they had chosen */
    resource: varchar('resource', { length: 64 }).notNull(),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    projectId: varchar('project_id', { length: 64 }).notNull().default(''),
    fileName: text('file_name').notNull(),
    /** the uploaded file in the object store */
    objectName: text('object_name').notNull(),
    /** the file's first row, as it named the columns (the error file repeats it) */
    headers: jsonb('headers').$type<string[]>().notNull(),
    totalNum: integer('total_num').notNull().default(0),
    successNum: integer('success_num').notNull().default(0),
    failedNum: integer('failed_num').notNull().default(0),
    /** rows written or refused so far, in the order the run takes them */
    processed: integer('processed').notNull().default(0),
    ...jobRun(),
  },
  (t) => jobRunIndexes('file_import', t),
);

/** The rows an import refused, with the reason: the error file is made from them. */
export const fileImportError = pgTable(
  'file_import_error',
  {
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    /** the row's number in the file (the header is row 1) */
    rowNo: integer('row_no').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('file_import_error_idx').on(t.importId, t.rowNo)],
);
