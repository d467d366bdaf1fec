import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { DEFAULT_TENANT_ID, TENANT_HEADER } from '@wb/contracts/constants';
import { user } from '../../db/schema/index';
import { bearerToken, caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { EmptyEnvelope, Envelope, idStr, ok } from '../../platform/envelope';
import { CaptchaService } from './captcha';
import { ClientAuth } from './client-auth';
import { GrantError, LoginService } from './login-service';
import { SocialLogin } from './social';

const TokenParams = Type.Object({
  tenantId: Type.Optional(Type.String({ maxLength: 12 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  grant_type: Type.Union([Type.Literal('password'), Type.Literal('captcha'), Type.Literal('refresh_token'), Type.Literal('social')], {
    description: 'password | captcha | refresh_token | social',
  }),
  refresh_token: Type.Optional(Type.String({ maxLength: 256 })),
  source: Type.Optional(Type.String({ maxLength: 32, description: 'social: the provider' })),
  code: Type.Optional(Type.String({ maxLength: 512, description: 'social: the authorization code' })),
  state: Type.Optional(Type.String({ maxLength: 2000, description: 'social: the state from render' })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 1000 })),
  scope: Type.Optional(Type.String({ maxLength: 64 })),
  scopes: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
});
type TokenParams = typeof TokenParams.static;

// a refused grant is OAuth JSON; a request that fails its schema gets the envelope like every other call
const OAuthError = Type.Union([Type.Object({ error: Type.String(), error_description: Type.String(), oauth_id: Type.Optional(Type.String()) }), EmptyEnvelope, Envelope(Type.Object({ field: Type.String() }))]);
const TokenBody = Type.Object({}, { additionalProperties: true, description: 'raw OAuth2 token JSON (TokenResponse)' });

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

/** The login services: the shell's own client only (see docs/security.md). */
export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const captchas = new CaptchaService(db, ctx.config.captchaFixedCode);
    const clients = new ClientAuth(db);
    const logins = new LoginService(db, ctx.tokens, ctx.sessions, ctx.config);
    const social = new SocialLogin(db, ctx.config);
    const loginLimit = { max: ctx.config.loginRateLimit, timeWindow: '1 minute' };

    /** Shared by /oauth/token and /customLogin: the grant, or a GrantError. */
    const grant = async (req: FastifyRequest, p: TokenParams) => {
      const oauth = await clients.authenticate(req.headers.authorization);
      if (!oauth) throw new GrantError(401, 'invalid_client', AUTH_MESSAGES.badClient);
      if (!oauth.grantTypes.includes(p.grant_type)) throw new GrantError(400, 'unauthorized_client', `客户端不支持 ${p.grant_type} 授权`);
      const h = (name: string) => {
        const v = req.headers[name.toLowerCase()];
        return typeof v === 'string' && v ? v : undefined;
      };
      const choice = { deptId: h('Dept-Id'), roleId: h('Role-Id') };
      const tenantId = p.tenantId || h(TENANT_HEADER) || DEFAULT_TENANT_ID;
      if (p.grant_type === 'social') {
        if (!p.source || !p.code || !p.state) throw new GrantError(400, 'invalid_request', '缺少必填参数 source, code 或 state');
        const { tenantId: socialTenant, identity } = await social.identify(p.source, p.code, p.state);
        const bound = await social.bind(socialTenant, p.source, identity);
        // an identity nobody has claimed yet: the shell opens the register dialog with oauth_id
        if (!bound.userId) throw new GrantError(400, 'unbound_account', '第三方账号尚未绑定, 请先注册', { oauth_id: bound.oauthId });
        return logins.loginAs(oauth, bound.userId);
      }
      if (p.grant_type === 'refresh_token') {
        if (!p.refresh_token) throw new GrantError(400, 'invalid_request', '缺少必填参数 refresh_token');
        return logins.refreshGrant(oauth, p.refresh_token, p.tenantId || h(TENANT_HEADER), choice);
      }
      if (!p.username) throw new GrantError(400, 'invalid_request', '缺少必填参数 username');
      if (!p.password) throw new GrantError(400, 'invalid_request', '缺少必填参数 password');
      if ((ctx.config.captchaEnabled || p.grant_type === 'captcha') && !(await captchas.check(h('Captcha-Key'), h('Captcha-Code')))) {
        throw new GrantError(400, 'invalid_grant', AUTH_MESSAGES.badCaptcha);
      }
      return logins.passwordGrant(oauth, tenantId, p.username, p.password, choice);
    };
    const asOAuth = (reply: FastifyReply, err: unknown) => {
      if (err instanceof GrantError) return reply.status(err.status).send({ error: err.error, error_description: err.message, ...err.extra });
      throw err;
    };

    app.post('/us-auth/oauth/token', {
      schema: {
        tags: ['认证'],
        summary: '登录与刷新令牌 (OAuth2 password / refresh_token)',
        description: 'Parameters in the query string (or a JSON body); `Authorization: Basic base64(clientId:secret)`; `Captcha-Key`/`Captcha-Code` headers when captcha is on.',
        querystring: TokenParams,
        response: { 200: TokenBody, 400: OAuthError, 401: OAuthError },
      },
      config: { public: true, rateLimit: loginLimit },
      handler: async (req, reply) => {
        const p = { ...(req.body as object | undefined), ...(req.query as TokenParams) } as TokenParams;
        try {
          return await grant(req, p);
        } catch (err) {
          return asOAuth(reply, err);
        }
      },
    });

    app.post('/us-user/customLogin', {
      schema: { tags: ['认证'], summary: '登录 (JSON body, 同 oauth/token)', body: TokenParams, response: { 200: Envelope(TokenBody), 400: EmptyEnvelope, 401: EmptyEnvelope } },
      config: { public: true, rateLimit: loginLimit },
      handler: async (req, reply) => {
        try {
          return ok(await grant(req, req.body as TokenParams));
        } catch (err) {
          if (err instanceof GrantError) return reply.status(err.status).send({ code: err.status, success: false, data: null, msg: err.message });
          throw err;
        }
      },
    });

    app.post('/us-user/customRefreshToken', {
      schema: {
        tags: ['认证'],
        summary: '刷新令牌',
        body: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 12 })), refresh_token: Type.String({ minLength: 1, maxLength: 256 }), grant_type: Type.Optional(Type.String()), scopes: Type.Optional(Type.String()) }),
        response: { 200: Envelope(TokenBody), 400: EmptyEnvelope, 401: EmptyEnvelope },
      },
      config: { public: true, rateLimit: loginLimit },
      handler: async (req, reply) => {
        try {
          return ok(await grant(req, { ...(req.body as TokenParams), grant_type: 'refresh_token' }));
        } catch (err) {
          if (err instanceof GrantError) return reply.status(err.status).send({ code: err.status, success: false, data: null, msg: err.message });
          throw err;
        }
      },
    });

    app.get('/us-auth/oauth/render/:source', {
      schema: {
        tags: ['认证'],
        summary: '跳转到第三方登录 (302)',
        params: Type.Object({ source: Type.String({ pattern: '^[\\w-]{1,32}$' }) }),
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 12 })) }),
      },
      config: { public: true },
      handler: async (req, reply) => {
        const { source } = req.params as { source: string };
        try {
          return reply.redirect(social.authorizeUrl(source, (req.query as { tenantId?: string }).tenantId || DEFAULT_TENANT_ID));
        } catch (err) {
          if (err instanceof GrantError) return reply.status(400).send({ code: 400, success: false, data: { field: 'source' }, msg: err.message });
          throw err;
        }
      },
    });

    app.get('/us-auth/oauth/captcha', {
      schema: { tags: ['认证'], summary: '图形验证码 (单次有效, 3 分钟过期)', response: { 200: Type.Object({ key: Type.String(), image: Type.String() }) } },
      config: { public: true, rateLimit: { max: ctx.config.loginRateLimit * 2, timeWindow: '1 minute' } },
      handler: () => captchas.create(),
    });

    app.get('/us-auth/oauth/login-settings', {
      schema: {
        tags: ['认证'],
        summary: '登录页设置 (租户模式, 验证码, 第三方登录)',
        response: {
          200: Envelope(
            Type.Object({
              tenantMode: Type.Boolean(),
              captchaEnabled: Type.Boolean(),
              tokenTtl: Type.Integer(),
              defaultTenantId: Type.String(),
              socialSources: Type.Array(Type.String(), { description: 'third-party login providers (render/{source})' }),
            }),
          ),
        },
      },
      config: { public: true },
      handler: async () =>
        ok({
          tenantMode: ctx.config.tenantMode,
          captchaEnabled: ctx.config.captchaEnabled,
          tokenTtl: ctx.config.tokenTtl,
          defaultTenantId: DEFAULT_TENANT_ID,
          socialSources: Object.keys(ctx.config.socialProviders),
        }),
    });

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
      config: { public: true },
      handler: async (req) => {
        const token = (req.query as { access_token?: string }).access_token || bearerToken(req, ctx.config.tokenHeader);
        const claims = token ? await ctx.tokens.verify(token) : null;
        if (!claims || !(await ctx.sessions.isAlive(claims.sid))) return ok({ active: false });
        return ok({ active: true, exp: claims.exp, user_id: claims.user_id, tenant_id: claims.tenant_id, account: claims.account, client_id: claims.client_id });
      },
    });

    app.get('/us-auth/oauth/logout', {
      schema: { tags: ['认证'], summary: '退出登录 (吊销刷新令牌)', response: { 200: EmptyEnvelope } },
      handler: async (req) => {
        await logins.revoke(caller(req).sessionId);
        return ok(true);
      },
    });

    const userInfo = async (req: FastifyRequest) => {
      const me = caller(req);
      const [u] = await db
        .select()
        .from(user)
        .where(and(eq(user.id, me.userId), eq(user.tenantId, me.tenantId)))
        .limit(1);
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
      app.get(path, { schema: { tags: ['认证'], summary: '当前用户信息', response: { 200: Envelope(UserInfo) } }, handler: userInfo });
    }

    app.get('/us-auth/oauth/clear-cache', {
      schema: { tags: ['认证'], summary: '清除缓存', response: { 200: EmptyEnvelope } },
      handler: async () => {
        ctx.access.invalidate();
        return ok(true, '清除完毕');
      },
    });
  };
}
