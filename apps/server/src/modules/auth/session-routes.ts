import { Type } from '@sinclair/typebox';
import { menuOf } from '@wb/contracts/resource';
import { roleResource } from '@wb/contracts/resources/org';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { callerRow } from '../../platform/caller-row';
import { scopeOf } from '../../platform/scope';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { session } from '../../db/schema/index';
import { EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok } from '../../platform/envelope';
import type { LoginService } from './login-service';

// What a signed-in session asks about itself: is the token alive, who am I, log me out, drop cached grants.

/**
 * Who the caller is: our fields, beside the user's record as the user list answers it (the family's
 * UserVO: id, name, code, sex and sexName, roleName, deptName, postName …); where both name a field
 * (deptId, roleId), ours: the department and roles of this session.
 */
export const UserInfo = Type.Object(
  {
    tenantId: Type.String(),
    userId: Type.String(),
    account: Type.String(),
    userName: Type.String(),
    nickName: Type.String(),
    realName: Type.String(),
    avatar: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    deptId: Type.String(),
    roleId: Type.String(),
    postId: Type.String(),
  },
  { additionalProperties: true },
);

export function sessionRoutes(app: FastifyInstance, ctx: AppContext, logins: LoginService): void {
  const { db } = ctx.database;

  app.get('/us-auth/oauth/checkToken', {
    schema: {
      tags: ['认证'],
      summary: '校验访问令牌',
      querystring: Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 4096 })) }),
      response: {
        200: Envelope(
          Type.Object({
            active: Type.Boolean(),
            exp: Type.Optional(Type.Integer()),
            user_id: Type.Optional(Type.String()),
            tenant_id: Type.Optional(Type.String()),
            account: Type.Optional(Type.String()),
            client_id: Type.Optional(Type.String()),
          }),
        ),
      },
    },
    // public: it answers { active: false } for a dead token instead of 401
    config: { public: true },
    handler: async (req) => {
      const token = (req.query as { access_token?: string }).access_token || bearerToken(req, ctx.config.tokenHeader);
      const claims = token ? await ctx.tokens.verify(token) : null;
      if (!claims || !(await ctx.sessions.isAlive(claims))) return ok({ active: false });
      return ok({ active: true, exp: claims.exp, user_id: claims.user_id, tenant_id: claims.tenant_id, account: claims.account, client_id: claims.client_id });
    },
  });

  app.get('/us-auth/oauth/logout', {
    schema: { tags: ['认证'], summary: '退出登录 (吊销刷新令牌)', response: { 200: EmptyEnvelope } },
    config: { signedIn: true },
    handler: async (req) => {
      await logins.revoke(caller(req).sessionId);
      return ok(true);
    },
  });

  const MySession = Type.Object({
    uuid: Type.String(),
    ip: Type.String(),
    userAgent: Type.String(),
    createTime: Type.String(),
    expireTime: Type.String(),
    current: Type.Boolean({ description: '发出本次请求的会话' }),
  });
  app.get('/us-auth/oauth/sessions', {
    schema: { tags: ['认证'], summary: '我的会话: 未退出、未过期的登录 (新的在前)', response: { 200: Envelope(Type.Array(MySession)) } },
    config: { signedIn: true },
    handler: async (req) => {
      const me = caller(req);
      const rows = await db
        .select()
        .from(session)
        .where(and(eq(session.userId, me.userId), eq(session.tenantId, me.tenantId), isNull(session.revokedAt), gt(session.expiresAt, new Date())))
        .orderBy(desc(session.createTime))
        .limit(100);
      return ok(
        rows.map((s) => ({ uuid: s.id, ip: s.ip, userAgent: s.userAgent, createTime: formatTime(s.createTime), expireTime: formatTime(s.expiresAt), current: s.id === me.sessionId })),
      );
    },
  });

  app.get('/us-auth/oauth/logoutByUuid', {
    schema: {
      tags: ['认证'],
      summary: '退出我的某个会话 (uuid: 会话 id, 见 sessions)',
      querystring: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
      response: { 200: EmptyEnvelope },
    },
    config: { signedIn: true, fieldMessages: { uuid: { label: '会话' } } },
    handler: async (req) => {
      const me = caller(req);
      const { uuid } = req.query as { uuid: string };
      const [mine] = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, uuid), eq(session.userId, me.userId), eq(session.tenantId, me.tenantId), isNull(session.revokedAt)))
        .limit(1);
      if (!mine) throw notFound('会话不存在或已退出');
      await logins.revoke(uuid);
      return ok(true, '操作成功!');
    },
  });

  const userInfo = async (req: FastifyRequest) => {
    const me = caller(req);
    const u = await callerRow(db, req);
    const users = ctx.resources.lists.get('user')!;
    const row = await users.store.findListed(scopeOf(req), users.store.whereField('id', String(u.id)));
    return ok({
      ...(row ? users.answer(row) : {}),
      tenantId: u.tenantId,
      userId: idStr(u.id),
      account: u.account,
      userName: u.account,
      nickName: u.name,
      realName: u.realName,
      avatar: u.avatar,
      email: u.email,
      phone: u.phone,
      deptId: me.deptId,
      roleId: me.roleIds.join(','),
      postId: u.postId,
    });
  };
  for (const path of ['/us-auth/oauth/user-info', '/us-auth/oauth/userinfo', '/us-user/info']) {
    app.get(path, { schema: { tags: ['认证'], summary: '当前用户信息', response: { 200: Envelope(UserInfo) } }, config: { signedIn: true }, handler: userInfo });
  }

  // any signed-in user may ask (the tab bar's context menu offers it): it only makes grants be read afresh
  app.get('/us-auth/oauth/clear-cache', {
    schema: { tags: ['认证'], summary: '清除缓存', response: { 200: EmptyEnvelope } },
    // the grants cache is the server's: whoever maintains roles may clear it (the shell clears its own caches for everyone)
    config: { permission: menuOf(roleResource) },
    handler: async () => {
      ctx.access.invalidate();
      return ok(true, '清除完毕');
    },
  });
}
