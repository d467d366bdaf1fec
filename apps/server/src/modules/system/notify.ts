import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { NOTIFY_MESSAGES, NOTIFY_TARGET } from '@wb/contracts/resources/notify';
import { messageNotify, systemNotify, systemNotifyRead } from '../../db/schema/index';
import { caller, type AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok, pageOf, PageOf } from '../../platform/envelope';
import { IdText, requestValues } from '../../platform/input-types';
import { signalNotice } from '../../platform/notices';

/**
 * Announcements: drafts until published; the platform's own tenant alone publishes to every
 * tenant, and one for some roles names them.
 */
export function systemNotifyOptions(ctx: AppContext): ResourceOptions {
  const { db } = ctx.database;
  return {
    hooks: {
      beforeSubmit({ user }, values, existing) {
        // the record as it will be: an update may send only part of it
        const next = { ...existing, ...values };
        if (Number(next.targetType) === NOTIFY_TARGET.allTenants && user.tenantId !== DEFAULT_TENANT_ID) throw badRequest(NOTIFY_MESSAGES.allTenantsPlatformOnly.zh, 'targetType');
        if (Number(next.targetType) === NOTIFY_TARGET.roles && !next.roleId) throw badRequest(NOTIFY_MESSAGES.rolesRequired.zh, 'roleId');
      },
    },
    actions: {
      async publish({ scope, keys, store }) {
        const published = await db
          .update(systemNotify)
          .set({ publishStatus: 1, publishTime: new Date(), updateTime: new Date() })
          .where(store.where(scope, inArray(systemNotify.id, keys as number[])))
          .returning({ tenantId: systemNotify.tenantId, targetType: systemNotify.targetType, roleId: systemNotify.roleId });
        for (const n of published)
          await signalNotice(ctx.changes, db, {
            kind: 'announcement',
            tenantId: n.targetType === NOTIFY_TARGET.allTenants ? '*' : n.tenantId,
            roleIds: n.targetType === NOTIFY_TARGET.roles ? n.roleId.split(',').filter(Boolean).map(Number) : undefined,
          });
      },
    },
  };
}

/** A reminder written (by an administrator or a flow) reaches its user's open notice streams. */
export const messageNotifyOptions = (ctx: AppContext): ResourceOptions => ({
  hooks: {
    afterSubmit: ({ db }, row) => signalNotice(ctx.changes, db, { kind: 'reminder', tenantId: String(row.tenantId), userId: Number(row.userId) }),
  },
});

/** The published announcements `me` is among the audience of. */
function forReader(me: AuthUser): SQL {
  const roles = me.roleIds.join(',');
  return and(
    eq(systemNotify.isDeleted, 0),
    eq(systemNotify.publishStatus, 1),
    sql`(${systemNotify.targetType} = ${NOTIFY_TARGET.allTenants} or (${systemNotify.tenantId} = ${me.tenantId} and (${systemNotify.targetType} = ${NOTIFY_TARGET.tenant} or (${systemNotify.targetType} = ${NOTIFY_TARGET.roles} and string_to_array(${systemNotify.roleId}, ',') && string_to_array(${roles}, ',')))))`,
  )!;
}

/** The shell's paged lists send their paging in the body or in the query string. */
const PagedParams = Type.Object({
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  projectId: Type.Optional(Type.String({ maxLength: 64 })),
  userCode: Type.Optional(Type.String({ maxLength: 64 })),
  // the message centre's filter; the bell asks for all
  readStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 未读, 1 已读; 不传为全部' })),
});
const paging = (req: FastifyRequest) => {
  const p = requestValues<{ current?: number; size?: number; readStatus?: number }>(req);
  return { current: p.current ?? 1, size: p.size ?? 100, readStatus: p.readStatus };
};
/** The id of what is marked read, from the body or the query string. */
const markedId = (req: FastifyRequest, name: string) => {
  const v = requestValues<Record<string, string | undefined>>(req)[name];
  if (!v) throw badRequest(`缺少必填参数 ${name}`, name);
  return Number(v);
};

const Announcement = Type.Object({
  systemNotifyUserId: Type.String(),
  title: Type.String(),
  /** the rich text, sanitised when it was written, URI-encoded (shell spec §3) */
  content: Type.String(),
  createTime: Type.String(),
  readStatus: Type.Integer({ description: '0 未读, 1 已读' }),
});
const Reminder = Type.Object({ id: Type.String(), content: Type.String(), createTime: Type.String(), modelName: Type.String(), url: Type.String(), readStatus: Type.Integer() });

/** What the shell's notice popover reads and marks (shell spec §7 'Notifications and versions'). */
export function notifyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    /** read (1) or unread (0) by this reader: whether their read row is there */
    const readFilter = (readStatus?: number) => (readStatus === undefined ? undefined : readStatus === 1 ? isNotNull(systemNotifyRead.readTime) : isNull(systemNotifyRead.readTime));
    const announcements = (me: AuthUser, readStatus?: number) =>
      db
        .select({ n: systemNotify, readAt: systemNotifyRead.readTime })
        .from(systemNotify)
        .leftJoin(systemNotifyRead, and(eq(systemNotifyRead.notifyId, systemNotify.id), eq(systemNotifyRead.userId, me.userId)))
        .where(and(forReader(me), readFilter(readStatus)))
        .orderBy(desc(systemNotify.publishTime), desc(systemNotify.id));
    const announcement = ({ n, readAt }: { n: typeof systemNotify.$inferSelect; readAt: Date | null }) => ({
      systemNotifyUserId: idStr(n.id),
      title: n.title,
      content: encodeURIComponent(n.content),
      createTime: formatTime(n.publishTime),
      readStatus: readAt ? 1 : 0,
    });
    const signedIn = { signedIn: true, fieldMessages: { current: { label: '页码' }, size: { label: '每页条数' } } };

    app.post('/us-system/system-notify/pageSystemNotify', {
      schema: {
        tags: ['通知'],
        summary: '系统公告: 发给我的已发布公告 (新的在前)',
        body: Type.Optional(PagedParams),
        querystring: PagedParams,
        response: { 200: Envelope(PageOf(Announcement)) },
      },
      config: signedIn,
      handler: async (req) => {
        const me = caller(req);
        const { current, size, readStatus } = paging(req);
        const [rows, [{ total }]] = await Promise.all([
          announcements(me, readStatus)
            .limit(size)
            .offset((current - 1) * size),
          db
            .select({ total: count() })
            .from(systemNotify)
            .leftJoin(systemNotifyRead, and(eq(systemNotifyRead.notifyId, systemNotify.id), eq(systemNotifyRead.userId, me.userId)))
            .where(and(forReader(me), readFilter(readStatus))),
        ]);
        return ok(pageOf(rows.map(announcement), total, current, size));
      },
    });

    app.get('/us-system/version-manage/publishSystemNotify', {
      schema: { tags: ['通知'], summary: '最新发布的系统公告 (无则为 null)', response: { 200: Envelope(Type.Union([Announcement, Type.Null()])) } },
      config: { signedIn: true },
      handler: async (req) => {
        const [latest] = await announcements(caller(req)).limit(1);
        return ok(latest ? announcement(latest) : null);
      },
    });

    const MarkAnnouncement = Type.Object({ systemNotifyUserId: Type.Optional(IdText()), readStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) });
    app.post('/us-system/system-notify/updateSystemNotifyUser', {
      schema: { tags: ['通知'], summary: '系统公告: 标为已读', body: Type.Optional(MarkAnnouncement), querystring: MarkAnnouncement, response: { 200: EmptyEnvelope } },
      config: { signedIn: true, fieldMessages: { systemNotifyUserId: { label: '公告' } } },
      handler: async (req) => {
        const me = caller(req);
        const id = markedId(req, 'systemNotifyUserId');
        const [found] = await db
          .select({ id: systemNotify.id })
          .from(systemNotify)
          .where(and(forReader(me), eq(systemNotify.id, id)));
        if (!found) throw notFound('公告不存在');
        await db.insert(systemNotifyRead).values({ notifyId: id, userId: me.userId }).onConflictDoNothing();
        return ok(true);
      },
    });

    const mine = (me: AuthUser) => and(eq(messageNotify.tenantId, me.tenantId), eq(messageNotify.userId, me.userId), eq(messageNotify.isDeleted, 0));
    app.post('/us-system/message-notify/pageMessageNotify', {
      schema: { tags: ['通知'], summary: '督办提醒: 我的提醒 (新的在前)', body: Type.Optional(PagedParams), querystring: PagedParams, response: { 200: Envelope(PageOf(Reminder)) } },
      config: signedIn,
      handler: async (req) => {
        const me = caller(req);
        const { current, size, readStatus } = paging(req);
        const where = and(mine(me), readStatus === undefined ? undefined : eq(messageNotify.readStatus, readStatus));
        const [rows, [{ total }]] = await Promise.all([
          db
            .select()
            .from(messageNotify)
            .where(where)
            .orderBy(desc(messageNotify.id))
            .limit(size)
            .offset((current - 1) * size),
          db.select({ total: count() }).from(messageNotify).where(where),
        ]);
        const records = rows.map((r) => ({ id: idStr(r.id), content: r.content, createTime: formatTime(r.createTime), modelName: r.modelName, url: r.url, readStatus: r.readStatus }));
        return ok(pageOf(records, total, current, size));
      },
    });

    const MarkReminder = Type.Object({ id: Type.Optional(IdText()), readStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) });
    app.post('/us-system/message-notify/updateMessageNotifyUser', {
      schema: { tags: ['通知'], summary: '督办提醒: 标为已读', body: Type.Optional(MarkReminder), querystring: MarkReminder, response: { 200: EmptyEnvelope } },
      config: { signedIn: true, fieldMessages: { id: { label: '提醒' } } },
      handler: async (req) => {
        const me = caller(req);
        const [done] = await db
          .update(messageNotify)
          .set({ readStatus: 1, updateTime: new Date() })
          .where(and(mine(me), eq(messageNotify.id, markedId(req, 'id'))))
          .returning({ id: messageNotify.id });
        if (!done) throw notFound('提醒不存在');
        return ok(true);
      },
    });
  };
}
