import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { tenant, user } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { Envelope, ok } from '../../platform/envelope';

/** us-user calls outside the user admin pages (users.ts), the own account (account.ts) and password retrieval (retrieve.ts). */
export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;

    app.get('/us-user/queryTenantList', {
      schema: {
        tags: ['用户'],
        summary: '账号所属租户列表 (登录页按账号查询)',
        querystring: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(Type.Array(Type.Object({ tenantId: Type.String(), tenantName: Type.String() }))) },
      },
      // answered before login, so it is rate-limited like the login itself
      config: { public: true, rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' }, fieldMessages: { account: { required: '请先输入账号名称' } } },
      handler: async (req) => {
        const { account } = req.query as { account: string };
        const [rows, fallback] = await Promise.all([
          db
            .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName })
            .from(user)
            .innerJoin(tenant, and(eq(tenant.tenantId, user.tenantId), eq(tenant.isDeleted, 0)))
            .where(and(eq(user.account, account), eq(user.isDeleted, 0)))
            .orderBy(tenant.tenantId),
          db
            .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName })
            .from(tenant)
            .where(and(eq(tenant.tenantId, DEFAULT_TENANT_ID), eq(tenant.isDeleted, 0))),
        ]);
        // An account found nowhere answers as one of the default tenant does (the login then fails as a
        // wrong password would), so the list tells no more than the spec needs: the tenants of an account
        // that has some besides the default. Both queries run every time, so the time does not tell either.
        return ok(rows.length ? rows : fallback);
      },
    });
  };
}
