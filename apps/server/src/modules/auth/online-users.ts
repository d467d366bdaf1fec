import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ONLINE_USER_CODES, ONLINE_USER_MESSAGES, ONLINE_USER_PATHS } from '@wb/contracts/online-users';
import { session, user } from '../../db/schema/index';
import { caller, type AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { likePattern } from '../../platform/crud/filters';
import { EmptyEnvelope, Envelope, badRequest, formatTime, idStr, notFound, ok, pageOf, PageOf } from '../../platform/envelope';
import { PageQuery } from '../../platform/input-types';
import type { LoginService } from './login-service';

const OnlineSession = Type.Object({
  uuid: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  createTime: Type.String(),
  expireTime: Type.String(),
  current: Type.Boolean({ description: '发出本次请求的会话' }),
});

/**
 * 在线用户 (docs/architecture.md 'Shell', 'Online users'): the live sessions of the caller's
 * tenant, never another's, and ending one. Sessions are rows of the database, so an ended one
 * is refused on every instance at its next request (LoginService.revoke tells them at once).
 */
export function onlineUserRoutes(app: FastifyInstance, ctx: AppContext, logins: LoginService): void {
  const { db } = ctx.database;
  /** the tenant's sessions that are neither ended nor expired */
  const live = (me: AuthUser) => and(eq(session.tenantId, me.tenantId), isNull(session.revokedAt), gt(session.expiresAt, new Date()));

  app.get(ONLINE_USER_PATHS.list, {
    schema: {
      tags: ['认证'],
      summary: '在线用户: 本租户未退出、未过期的会话 (新的在前; account 按账号或姓名查找)',
      querystring: Type.Object({ ...PageQuery, account: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: { 200: Envelope(PageOf(OnlineSession)) },
    },
    config: { permission: ONLINE_USER_CODES.menu, fieldMessages: { account: { label: '账号' }, current: { label: '页码' }, size: { label: '每页条数' } } },
    handler: async (req) => {
      const me = caller(req);
      const { current, size, account } = req.query as { current: number; size: number; account?: string };
      const who = account?.trim() ? or(ilike(user.account, likePattern(account.trim())), ilike(user.realName, likePattern(account.trim()))) : undefined;
      const where = and(live(me), eq(user.tenantId, me.tenantId), who);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ s: session, account: user.account, realName: user.realName })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(where)
          .orderBy(desc(session.createTime), desc(session.id))
          .limit(size)
          .offset((current - 1) * size),
        db.select({ total: count() }).from(session).innerJoin(user, eq(user.id, session.userId)).where(where),
      ]);
      const records = rows.map(({ s, account: a, realName }) => ({
        uuid: s.id,
        userId: idStr(s.userId),
        account: a,
        realName,
        ip: s.ip,
        userAgent: s.userAgent,
        createTime: formatTime(s.createTime),
        expireTime: formatTime(s.expiresAt),
        current: s.id === me.sessionId,
      }));
      return ok(pageOf(records, total, current, size));
    },
  });

  app.post(ONLINE_USER_PATHS.logout, {
    schema: {
      tags: ['认证'],
      summary: '在线用户: 强制下线 (uuid: 会话 id, 本租户的会话)',
      querystring: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
      response: { 200: EmptyEnvelope },
    },
    config: { permission: ONLINE_USER_CODES.logout, fieldMessages: { uuid: { label: '会话' } } },
    handler: async (req) => {
      const me = caller(req);
      const { uuid } = req.query as { uuid: string };
      // the caller's own session ends with 退出登录, which also clears the shell
      if (uuid === me.sessionId) throw badRequest(ONLINE_USER_MESSAGES.own.zh, 'uuid');
      const [found] = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, uuid), live(me)))
        .limit(1);
      if (!found) throw notFound(ONLINE_USER_MESSAGES.notFound.zh);
      await logins.revoke(uuid);
      return ok(true, ONLINE_USER_MESSAGES.done.zh);
    },
  });
}
