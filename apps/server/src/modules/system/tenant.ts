import { inArray, or } from 'drizzle-orm';
import { tenant } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import type { Row } from '../../platform/crud/wire';
import { badRequest, notFound } from '../../platform/envelope';
import type { AppContext } from '../../platform/context';

/** A tenant named by its row id or by its code (the family's `tenantId=` parameters carry either). */
const tenantWhere = (keys: (string | number)[]) => {
  const text = keys.map(String);
  return or(inArray(tenant.tenantId, text), inArray(tenant.id, text.filter((k) => /^\d{7,18}$/.test(k)).map(Number)));
};

/** Tenants: the licence (account quota, expiry), package and datasource settings. */
export function tenantOptions(ctx: AppContext): ResourceOptions {
  const db = ctx.database.db;
  const set = async (keys: (string | number)[], values: Row) => {
    const rows = await db
      .update(tenant)
      .set({ ...values, updateTime: new Date() })
      .where(tenantWhere(keys))
      .returning({ id: tenant.id });
    if (!rows.length) throw notFound('租户不存在');
  };
  return {
    actions: {
      setting: async ({ keys, body }) => {
        const accountNumber = body.accountNumber === undefined || body.accountNumber === '' ? undefined : Number(body.accountNumber);
        const expireTime = body.expireTime ? new Date(String(body.expireTime)) : body.expireTime === '' ? null : undefined;
        if (accountNumber === undefined && expireTime === undefined) throw badRequest('请输入账号额度或过期时间', 'accountNumber');
        await set(keys, { ...(accountNumber !== undefined ? { accountNumber } : {}), ...(expireTime !== undefined ? { expireTime } : {}) });
      },
      package: async ({ keys, body }) => set(keys, { packageId: body.packageId ? Number(body.packageId) : null }),
      datasource: async ({ keys, body }) => set(keys, { datasourceId: body.datasourceId ? Number(body.datasourceId) : null }),
    },
  };
}
