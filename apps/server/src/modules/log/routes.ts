import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { usualLog } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { EmptyEnvelope, ok } from '../../platform/envelope';
import { ColumnText } from '../../platform/input-types';

/** An entry of the shell's local error log, uploaded in batches. */
const LogEntry = Type.Object({
  type: ColumnText(usualLog.logLevel),
  url: Type.String({ maxLength: 2000 }),
  message: Type.String({ maxLength: 4000 }),
  stack: Type.Optional(Type.String({ maxLength: 20000 })),
  info: Type.Optional(Type.String({ maxLength: 4000 })),
  time: Type.String({ maxLength: 64 }),
});

export function logRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.post('/us-log/log/saveUsualLog', {
      schema: { tags: ['日志'], summary: '上传前端本地错误日志', body: Type.Array(LogEntry, { minItems: 1, maxItems: 200 }), response: { 200: EmptyEnvelope } },
      config: { signedIn: true, fieldMessages: { body: { label: '日志列表' } } },
      handler: async (req) => {
        const me = caller(req);
        const entries = req.body as (typeof LogEntry.static)[];
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
          })),
        );
        return ok(true, '发送成功!');
      },
    });
  };
}
