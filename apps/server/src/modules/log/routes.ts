import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { apiLogResource, errorLogResource, LOG_TRACE_PATH, REQUEST_ID_PATTERN, usualLogResource } from '@wb/contracts/resources/logs';
import { apiLog, errorLog, usualLog } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { EmptyEnvelope, Envelope, formatTime, idStr, ok } from '../../platform/envelope';
import { ColumnText } from '../../platform/input-types';
import { createRedactor } from '../../platform/log-redaction';
import { scopeOf, visible } from '../../platform/scope';

/** at most this many rows of each log for one request id (one request has one API row; retries and reports add a few) */
const TRACE_ROWS = 20;

/** An entry of the shell's local error log, uploaded in batches. */
const LogEntry = Type.Object({
  type: ColumnText(usualLog.logLevel),
  url: Type.String({ maxLength: 2000 }),
  message: Type.String({ maxLength: 4000 }),
  stack: Type.Optional(Type.String({ maxLength: 20000 })),
  info: Type.Optional(Type.String({ maxLength: 4000 })),
  time: Type.String({ maxLength: 64 }),
  /** the X-Request-Id of the request the entry is about (a call that failed) */
  requestId: Type.Optional(Type.String({ pattern: REQUEST_ID_PATTERN })),
});

const Text = Type.String();
const TraceApi = Type.Object({
  id: Text,
  createTime: Text,
  account: Text,
  method: Text,
  requestUri: Text,
  status: Type.Number(),
  durationMs: Type.Number(),
  remoteIp: Text,
  userAgent: Text,
  params: Text,
});
const TraceError = Type.Object({ id: Text, createTime: Text, account: Text, method: Text, requestUri: Text, status: Type.Number(), message: Text, fingerprint: Text, stack: Text });
const TraceUsual = Type.Object({ id: Text, createTime: Text, createBy: Text, logLevel: Text, message: Text, requestUri: Text, stack: Text, userAgent: Text });

export function logRoutes(ctx: AppContext) {
  const redact = createRedactor({ tokenHeader: ctx.config.tokenHeader });
  /**
   * What the shell reports holds addresses (the page's, a failed call's) and messages about them, whose
   * query may carry a password or a token: stored as the server log writes them, the secrets as ***.
   */
  const redacted = (e: typeof LogEntry.static): typeof LogEntry.static => ({
    ...(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, typeof v === 'string' ? redact.text(v) : v])) as typeof e),
    url: redact.url(e.url),
  });
  return async (app: FastifyInstance) => {
    app.post('/us-log/log/saveUsualLog', {
      schema: { tags: ['日志'], summary: '上传前端本地错误日志', body: Type.Array(LogEntry, { minItems: 1, maxItems: 200 }), response: { 200: EmptyEnvelope } },
      config: { signedIn: true, fieldMessages: { body: { label: '日志列表' } } },
      handler: async (req) => {
        const me = caller(req);
        const entries = (req.body as (typeof LogEntry.static)[]).map(redacted);
        await ctx.database.db.insert(usualLog).values(
          entries.map((e) => ({
            tenantId: me.tenantId,
            serviceId: 'shell',
            logLevel: e.type,
            logData: e,
            message: e.message,
            stack: e.stack ?? '',
            requestUri: e.url,
            userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
            remoteIp: req.ip,
            createBy: me.account,
            requestId: e.requestId ?? '',
          })),
        );
        return ok(true, '发送成功!');
      },
    });

    // the log explorer: one request as every log saw it (the shell sends X-Request-Id; the server logs it)
    app.get(LOG_TRACE_PATH, {
      schema: {
        tags: ['日志'],
        summary: '按请求编号追踪: 接口日志、错误日志和前端上报的日志',
        querystring: Type.Object({ requestId: Type.String({ pattern: REQUEST_ID_PATTERN }) }),
        response: { 200: Envelope(Type.Object({ api: Type.Array(TraceApi), errors: Type.Array(TraceError), usual: Type.Array(TraceUsual) })) },
      },
      config: { permission: [apiLogResource.name, errorLogResource.name, usualLogResource.name], fieldMessages: { requestId: { label: '请求编号' } } },
      handler: async (req) => {
        const scope = scopeOf(req);
        const { requestId } = req.query as { requestId: string };
        const { db, logs } = ctx.database;
        // each log only to those who may read it: the route lets in the holders of any of the three
        const { codes } = await ctx.access.grants(caller(req).roleIds);
        // one request's rows of a log, newest first, when the caller may read that log
        const ofRequest = <T extends PgTable & { id: PgColumn; requestId: PgColumn }>(table: T, log: string, from: Db): Promise<T['$inferSelect'][]> =>
          codes.has(log)
            ? (from
                .select()
                .from(table as PgTable)
                .where(visible(table, scope, eq(table.requestId, requestId)))
                .orderBy(desc(table.id))
                .limit(TRACE_ROWS) as Promise<T['$inferSelect'][]>)
            : Promise.resolve([]);
        // the API and error logs are in the logs' database (Database.logs), what the shell reported in the main one
        const [api, errors, usual] = await Promise.all([
          ofRequest(apiLog, apiLogResource.name, logs),
          ofRequest(errorLog, errorLogResource.name, logs),
          ofRequest(usualLog, usualLogResource.name, db),
        ]);
        const common = (r: { id: number; createTime: Date }) => ({ id: idStr(r.id), createTime: formatTime(r.createTime) });
        return ok({
          api: api.map((r) => ({ ...r, ...common(r) })),
          errors: errors.map((r) => ({ ...r, ...common(r) })),
          usual: usual.map((r) => ({ ...r, ...common(r) })),
        });
      },
    });
  };
}
