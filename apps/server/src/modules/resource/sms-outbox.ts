import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, formatTime, idStr, ok, PageOf, pageOf, PageQuery } from '../../platform/envelope';

/** What the default SMS provider recorded, for administrators of the tenant (menu code 'sms'). */
export function smsOutboxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.get('/us-resource/sms/outbox', {
      schema: {
        tags: ['资源'],
        summary: '短信发件箱 (默认短信服务记录的消息)',
        querystring: Type.Object({ ...PageQuery, phone: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: { 200: Envelope(PageOf(Type.Object({ id: Type.String(), phone: Type.String(), content: Type.String(), provider: Type.String(), createTime: Type.String() }))) },
      },
      handler: async (req) => {
        await ctx.access.require(req, 'sms');
        const q = req.query as { current: number; size: number; phone?: string };
        const where = and(eq(smsOutbox.tenantId, caller(req).tenantId), q.phone ? eq(smsOutbox.phone, q.phone) : undefined);
        const [{ n }] = await db.select({ n: count() }).from(smsOutbox).where(where);
        const rows = await db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(q.size).offset((q.current - 1) * q.size);
        const records = rows.map((r) => ({ id: idStr(r.id), phone: r.phone, content: r.content, provider: r.provider, createTime: formatTime(r.createTime) }));
        return ok(pageOf(records, Number(n), q.current, q.size));
      },
    });
  };
}
