import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { tenant } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { Envelope, ok } from '../../platform/envelope';

/** us-user calls outside the user admin pages (users.ts), the own account (account.ts) and password retrieval (retrieve.ts). */
export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;

    app.get('/us-user/queryTenantList', {
      schema: {
        tags: ['用户'],
        summary: '登录页的租户列表 (与账号无关: 默认租户, 不透露账号属于哪些租户)',
        querystring: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(Type.Array(Type.Object({ tenantId: Type.String(), tenantName: Type.String() }))) },
      },
      // answered before login, so it is rate-limited like the login itself
      config: { public: true, rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' }, fieldMessages: { account: { required: '请先输入账号名称' } } },
      // The answer never depends on the account: listing a known account's tenants (and the default
      // tenant for an unknown one) told anyone which accounts exist where. The login page does not call it:
      // without tenant mode it logs into the default tenant, with it the user types the tenant id. So
      // every account gets the login page's default tenant, which is all the page would offer anyway.
      handler: async () => {
        const rows = await db
          .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName })
          .from(tenant)
          .where(and(eq(tenant.tenantId, DEFAULT_TENANT_ID), eq(tenant.isDeleted, 0)));
        return ok(rows);
      },
    });
  };
}
