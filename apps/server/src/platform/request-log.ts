import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { REQUEST_ID_PATTERN } from '@wb/contracts/resources/logs';
import type { Db } from '../db/client';
import type { Redactor } from './log-redaction';
import { apiLog, errorLog, param } from '../db/schema/index';

export const SERVICE_ID = 'workbench';
export const SERVER_HOST = hostname().slice(0, 128);

/** Rows waiting at most this long, and at most this many, before they are written. */
const FLUSH_MS = 1000;
const BATCH = 500;
/** What the queue holds while the database is slow or away; beyond it rows are dropped (and counted), never the request. */
const MAX_QUEUED = 10_000;
const DAY_MS = 86_400_000;
/** half of a surrogate pair (with the u flag a whole pair is one character, never matched) */
const LONE_SURROGATE = /\p{Cs}/gu;
/** any half of a pair, whole or not: the cheap test before the exact replace */
const SURROGATE = /[\uD800-\uDFFF]/;
/** old rows removed per statement */
const SWEEP_BATCH = 5000;

/** Where the same fault is: its kind, its message without numbers and quoted values, and its first own frames. */
export function fingerprint(err: { name?: string; message?: string; stack?: string }): string {
  const message = (err.message ?? '').replace(/"[^"]*"|'[^']*'|\d+/g, '#').slice(0, 200);
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((l) => l.trim().startsWith('at ') && !l.includes('node_modules') && !l.includes('node:'))
    .slice(0, 3)
    .map((l) => l.trim().replace(/:\d+:\d+\)?$/, ''));
  return createHash('sha1')
    .update([err.name ?? 'Error', message, ...frames].join('\n'))
    .digest('hex');
}

/** A log row without the columns this server writes the same in every row (given once per batch). */
type Row<T> = Omit<T, 'serviceId' | 'serverHost'>;

/**
 * Inserts a batch as one JSON parameter unpacked by the database (json_to_recordset, cheaper than
 * jsonb's, which converts the whole document first): building a statement with a parameter per
 * value costs the server far more than the rows' JSON, and the log's writes share the event loop
 * with the requests it records. The service and host, the same in every row, are parameters of
 * their own; columns the rows leave out take their defaults. The rows' text is storable already
 * (`storable`).
 */
async function insertBatch(db: Db, table: typeof apiLog | typeof errorLog, rows: object[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((r) => key in r));
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const keys = columns.map(([key]) => `"${key}"`).join(', ');
  const types = columns.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ');
  // one statement, one round trip: on the embedded database the one connection is held until the answer is read
  await db.execute(
    sql`insert into ${table} (${sql.identifier(table.serviceId.name)}, ${sql.identifier(table.serverHost.name)}, ${sql.raw(names)}) select ${SERVICE_ID}, ${SERVER_HOST}, ${sql.raw(keys)} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(types)})`,
  );
}

/**
 * Text from a request, cut at `max` and made storable: a cut may leave half a surrogate pair, and
 * a request may carry NUL; json_to_recordset refuses both, which would drop the whole batch. The
 * usual text has neither and is passed through after one test.
 */
function storable(text: string, max: number): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  return SURROGATE.test(cut) || cut.includes('\u0000') ? cut.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '') : cut;
}

/**
 * The API log and the error log, written in batches off the request path: a request only
 * queues its row. A slow or absent database makes the queue grow up to MAX_QUEUED rows, then
 * rows are dropped and counted (`dropped`); a request never waits for its log, nor fails with it.
 * Rows older than the retention (days) are removed once a day.
 */
export class RequestLog {
  private api: Row<typeof apiLog.$inferInsert>[] = [];
  private errors: Row<typeof errorLog.$inferInsert>[] = [];
  private timer?: NodeJS.Timeout;
  private sweeper?: NodeJS.Timeout;
  private writing?: Promise<void>;
  /** rows dropped since the start because the queue was full */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: { enabled: boolean; retentionDays: () => Promise<number>; onError: (err: unknown, msg: string) => void },
  ) {}

  get enabled(): boolean {
    return this.opts.enabled;
  }

  start(): void {
    if (!this.opts.enabled) return;
    this.timer = setInterval(() => void this.writeQueued(), FLUSH_MS);
    this.timer.unref();
    this.sweeper = setInterval(() => void this.removeOld(), DAY_MS / 24);
    this.sweeper.unref();
  }

  request(row: Row<typeof apiLog.$inferInsert>): void {
    if (!this.opts.enabled) return;
    if (this.api.length + this.errors.length >= MAX_QUEUED) this.dropped++;
    else this.api.push(row);
    if (this.api.length >= BATCH) void this.writeQueued();
  }

  error(row: Row<typeof errorLog.$inferInsert>): void {
    if (!this.opts.enabled) return;
    if (this.api.length + this.errors.length >= MAX_QUEUED) this.dropped++;
    else this.errors.push(row);
  }

  /**
   * Writes the rows queued now, one write at a time; rows that come meanwhile wait for the next
   * (the timer's, or a full batch's). Writing on until the queue is empty would, under load,
   * insert a few rows per round trip without pause and keep the embedded database's one
   * connection from the requests. A failed write drops its batch and says so.
   */
  private writeQueued(): Promise<void> {
    this.writing ??= this.write().finally(() => (this.writing = undefined));
    return this.writing;
  }

  private async write(): Promise<void> {
    const api = this.api.splice(0);
    const errors = this.errors.splice(0);
    for (let i = 0; i < Math.max(api.length, errors.length); i += BATCH) {
      const [a, e] = [api.slice(i, i + BATCH), errors.slice(i, i + BATCH)];
      try {
        if (a.length) await insertBatch(this.db, apiLog, a);
        if (e.length) await insertBatch(this.db, errorLog, e);
      } catch (err) {
        this.dropped += a.length + e.length;
        this.opts.onError(err, `request log: ${a.length + e.length} rows dropped`);
      }
    }
  }

  /** Writes everything queued, and what comes while it writes: at shutdown, and for whoever must read the rows at once. */
  async flush(): Promise<void> {
    while (this.writing || this.api.length || this.errors.length) await this.writeQueued();
  }

  /**
   * Removes rows older than the retention, SWEEP_BATCH at a time (a day of a busy server's rows
   * in one statement would hold its locks and its memory for long); answers how many went.
   */
  async removeOld(): Promise<number> {
    try {
      const before = new Date(Date.now() - (await this.opts.retentionDays()) * DAY_MS);
      let removed = 0;
      for (const table of [apiLog, errorLog]) {
        for (;;) {
          const [{ n }] = (
            await this.db.execute<{ n: number }>(
              sql`with gone as (delete from ${table} where ${table.id} in (select ${table.id} from ${table} where ${lt(table.createTime, before)} limit ${SWEEP_BATCH}) returning 1) select count(*)::int as n from gone`,
            )
          ).rows;
          removed += Number(n);
          if (Number(n) < SWEEP_BATCH) break;
        }
      }
      return removed;
    } catch (err) {
      this.opts.onError(err, 'request log: old rows could not be removed');
      return 0;
    }
  }

  /** Writes what is left, at shutdown. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.sweeper);
    await this.flush();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the error this request failed with, for the error log */
    failure?: Error;
  }
}

const REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);
/**
 * Fastify's id of a request (`req.id`, also the server log's reqId): the shell's X-Request-Id when
 * it sends a valid one, else one of ours. It ties the API, error and usual logs together.
 */
export function requestId(raw: { headers: Record<string, string | string[] | undefined> }): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const TENANT_ID = /^\w{1,12}$/;
/** Bodies larger than this are recorded by their size only. */
const MAX_LOGGED_BODY = 16 * 1024;
const MAX_PARAMS = 4000;

/**
 * Records every request of `app` (the API context) in the API log, and each one that failed
 * with a 5xx in the error log, parameters redacted as the server log redacts them.
 */
export function recordRequests(app: FastifyInstance, log: RequestLog, redact: Pick<Redactor, 'json' | 'value' | 'url'>): void {
  if (!log.enabled) return;
  // callback hooks, not async ones: every request passes them, and a promise each is a cost the log should not add
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onError', (req, _reply, err, done) => {
    req.failure = err;
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    try {
      const header = req.headers['tenant-id'];
      const size = Number(req.headers['content-length'] ?? 0);
      // an upload (multipart, or a signed PUT's body read as a stream) is its size, not its bytes
      const body = req.isMultipart?.() || size > MAX_LOGGED_BODY || req.body instanceof Readable ? `[${size} bytes]` : req.body;
      const status = reply.statusCode;
      // one object literal: V8 builds a spread with more fields after it (`{ ...a, b }`) on its slow path, microseconds a request
      const row = {
        tenantId: req.user?.tenantId ?? (typeof header === 'string' && TENANT_ID.test(header) ? header : DEFAULT_TENANT_ID),
        userId: req.user?.userId ?? null,
        account: req.user?.account ?? '',
        method: req.method.slice(0, 8),
        // the path without the query (recorded redacted below); a signed file link's signature hidden
        requestUri: storable(redact.url(req.url.split('?', 1)[0]), 1000),
        params: storable(redact.json({ query: req.query, body }) ?? '', MAX_PARAMS),
        requestId: req.id,
        route: req.routeOptions.url ?? '',
        status,
        durationMs: Math.round(reply.elapsedTime),
        remoteIp: storable(req.ip, 64),
        userAgent: storable(String(req.headers['user-agent'] ?? ''), 500),
      };
      log.request(row);
      if (status >= 500 && req.failure) {
        const err = redact.value(req.failure) as { message?: string; stack?: string };
        // the request's row and the error (the error log takes the columns it has)
        log.error({
          ...row,
          message: storable(String(err.message ?? req.failure.message), 2000),
          stack: storable(String(err.stack ?? ''), 100_000),
          fingerprint: fingerprint(req.failure),
        });
      }
    } finally {
      done();
    }
  });
}

/** The parameter that sets how many days the API and error logs keep (the default tenant's; 30 when unset). */
export const LOG_RETENTION_PARAM = 'log.retentionDays';
const DEFAULT_RETENTION_DAYS = 30;

export async function logRetentionDays(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: param.paramValue })
    .from(param)
    .where(and(eq(param.tenantId, DEFAULT_TENANT_ID), eq(param.paramKey, LOG_RETENTION_PARAM), eq(param.isDeleted, 0)))
    .limit(1);
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS;
}
