import { Type } from '@sinclair/typebox';
import { menuOf } from '@wb/contracts/resource';
import { roleResource } from '@wb/contracts/resources/org';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { callerRow } from '../../platform/caller-row';
import { EmptyEnvelope, Envelope, idStr, ok } from '../../platform/envelope';
import type { LoginService } from './login-service';

// What a signed-in session asks about itself: is the token alive, who am I, log me out, drop cached grants.

export const UserInfo = Type.Object({
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
});

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

  const userInfo = async (req: FastifyRequest) => {
    const me = caller(req);
    const u = await callerRow(db, req);
    return ok({
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
