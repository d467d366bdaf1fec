import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG_NO_DATA } from '@wb/contracts/envelope';
import { and, asc, eq } from 'drizzle-orm';
import { businessSystemExt, param, tenant } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, idStr, ok } from '../../platform/envelope';
import { IdOrAll } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';
import { TokenService } from '../../platform/tokens';

/** Param key holding the address of a third-party system the shell links to by single sign-on. */
export const thirdSystemKey = (code: string) => `third.system.${code}`;

/** Calls behind the shell's header: the tenant of a login domain, business-system links, single-sign-on addresses. */
export function shellDataRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    // tickets are signed with their own key, so a ticket can never pass as an access token
    const tickets = new TokenService(`${ctx.config.jwtSecret}:sso-ticket`);

    app.get('/us-system/tenant/info', {
      schema: {
        tags: ['租户'],
        summary: '按域名识别租户 (登录前)',
        querystring: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 255 }) }),
        // an unknown domain answers {} (clients read data.tenantId, which must not throw)
        response: {
          200: Envelope(
            Type.Union([
              Type.Object({ tenantId: Type.String(), tenantName: Type.String(), domain: Type.String(), backgroundUrl: Type.String() }),
              Type.Object({}, { additionalProperties: false }),
            ]),
          ),
        },
      },
      config: { public: true },
      handler: async (req) => {
        const { domain } = req.query as { domain: string };
        const host = domain
          .replace(/^https?:\/\//, '')
          .split('/')[0]
          .toLowerCase();
        const [t] = await db
          .select()
          .from(tenant)
          .where(and(eq(tenant.domain, host), eq(tenant.isDeleted, 0)))
          .limit(1);
        // an unknown host is not an error: the login page then asks for the tenant id
        if (!t) return ok({}, MSG_NO_DATA);
        return ok({ tenantId: t.tenantId, tenantName: t.tenantName, domain: t.domain, backgroundUrl: t.backgroundUrl });
      },
    });

    app.get('/us-system/business-system-ext/menu-list', {
      schema: {
        tags: ['租户'],
        summary: '业务系统链接 (按项目过滤)',
        querystring: Type.Object({ projectId: Type.Optional(IdOrAll()) }),
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String(), url: Type.String(), projectIds: Type.String() }))) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const { projectId } = req.query as { projectId?: string };
        const rows = await db
          .select()
          .from(businessSystemExt)
          .where(visible(businessSystemExt, scopeOf(req)))
          .orderBy(asc(businessSystemExt.sort));
        // a link limited to projects shows only when the current project is one of them
        const shown = rows.filter((l) => !l.projectIds || (projectId !== undefined && l.projectIds.split(',').includes(projectId)));
        return ok(shown.map((l) => ({ id: idStr(l.id), name: l.name, url: l.url, projectIds: l.projectIds })));
      },
    });

    /** The old platform's address is the parameter third.system.oldYc */
    const OLD_PLATFORM = 'oldYc';
    /** A one-minute signed ticket for the caller into a third-party system configured as a param of the tenant. */
    const ssoUrl = async (req: FastifyRequest, code: string, extra: Record<string, string>) => {
      const { tenantId, account, userId } = caller(req);
      const [p] = await db
        .select({ value: param.paramValue })
        .from(param)
        .where(visible(param, scopeOf(req), eq(param.paramKey, thirdSystemKey(code))))
        .limit(1);
      if (!p) throw badRequest(`未配置第三方系统: ${code}`, 'systemType');
      const ticket = tickets.sign({ sid: `sso:${code}`, tenant_id: tenantId, user_id: String(userId), account, role_id: '', dept_id: '', client_id: code }, 60, `${code}-${Date.now()}`);
      // the address is a parameter an administrator typed: one that is not an http(s) URL is a setting to fix, said so
      const url = URL.canParse(p.value) ? new URL(p.value) : undefined;
      if (!url || !['http:', 'https:'].includes(url.protocol)) throw badRequest(`第三方系统地址配置不正确 (${thirdSystemKey(code)}), 请联系管理员`, 'systemType');
      url.searchParams.set('ticket', ticket);
      for (const [k, v] of Object.entries(extra)) if (v) url.searchParams.set(k, v);
      return url.toString();
    };

    app.get('/us/authority/sso/third/system/url', {
      schema: {
        tags: ['租户'],
        summary: '第三方系统单点登录地址',
        querystring: Type.Object({ systemType: Type.String({ pattern: '^[\\w.-]{1,64}$' }), parkCode: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Type.String()) },
      },
      config: { signedIn: true, fieldMessages: { systemType: { label: '系统类型' } } },
      handler: async (req) => {
        const q = req.query as { systemType: string; parkCode?: string };
        return ok(await ssoUrl(req, q.systemType, { parkCode: q.parkCode ?? '' }));
      },
    });

    app.get('/us-auth/oauth/ssoOldYc', {
      schema: { tags: ['认证'], summary: '旧平台单点登录地址 (参数 third.system.oldYc, 一分钟有效的票据)', response: { 200: Envelope(Type.String()) } },
      config: { signedIn: true },
      handler: async (req) => ok(await ssoUrl(req, OLD_PLATFORM, {})),
    });

    app.get('/us-user/redirectToThirdSystem', {
      schema: {
        tags: ['租户'],
        summary: '报表等第三方系统跳转地址',
        querystring: Type.Object({ systemCode: Type.String({ pattern: '^[\\w.-]{1,64}$' }) }),
        response: { 200: Envelope(Type.String()) },
      },
      config: { signedIn: true },
      handler: async (req) => ok(await ssoUrl(req, (req.query as { systemCode: string }).systemCode, {})),
    });
  };
}
