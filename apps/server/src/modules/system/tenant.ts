import { randomInt } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { ACCESS_MESSAGES, tenantPackageResource, tenantResource } from '@wb/contracts/resources/access';
import { datasource, tenant, tenantPackage } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { resourceSchemas } from '../../platform/crud/schemas';
import { toWire, type Row } from '../../platform/crud/wire';
import { badRequest, Envelope, notFound, ok } from '../../platform/envelope';
import { setUpTenant, templateParam } from './tenant-setup';

/** A tenant named by its row id or by its code (the family's `tenantId=` parameters carry either). */
const tenantWhere = (keys: (string | number)[]) => {
  const text = keys.map(String);
  return and(eq(tenant.isDeleted, 0), or(inArray(tenant.tenantId, text), inArray(tenant.id, text.filter((k) => /^\d{7,18}$/.test(k)).map(Number))));
};

/**
 * Tenants: a new one gets its organisation, administrator and copies of the default tenant's
 * settings (tenant-setup.ts); the default tenant cannot be removed; the licence (account quota,
 * expiry), package and datasource settings. Every change is announced: grants follow the package,
 * sessions the expiry (platform/auth.ts), on every instance.
 */
export function tenantOptions(ctx: AppContext): ResourceOptions {
  const db = ctx.database.db;
  const set = async (keys: (string | number)[], values: Row) => {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(tenant)
        .set({ ...values, updateTime: new Date() })
        .where(tenantWhere(keys))
        .returning({ id: tenant.id });
      if (!rows.length) throw notFound('租户不存在');
      await ctx.changes.publish(tx as never, 'tenants');
    });
  };
  /** The id of a live record of `table`, or null for '' (none); another id is refused naming the field. */
  const liveId = async (table: typeof tenantPackage | typeof datasource, value: unknown, field: string, label: string) => {
    if (value === undefined || value === '' || value === null) return null;
    const [found] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, Number(value)), eq(table.isDeleted, 0)));
    if (!found) throw badRequest(`${label}不存在`, field);
    return found.id;
  };
  return {
    hooks: {
      async beforeSubmit({ db: read, req }, values, existing) {
        if (existing) return;
        if (values.tenantId) {
          if (!/^\d{6}$/.test(String(values.tenantId))) throw badRequest('租户ID应为 6 位数字', 'tenantId');
        } else {
          // six random digits not taken yet (the unique index settles a race)
          for (let i = 0; i < 20 && !values.tenantId; i++) {
            const code = String(randomInt(100000, 1000000));
            const [taken] = await read.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, code)).limit(1);
            if (!taken) values.tenantId = code;
          }
        }
        // no quota given: the default tenant's tenant.default.accountNumber
        const body = (req?.body ?? {}) as Row;
        if (body.accountNumber === undefined || body.accountNumber === '') {
          const quota = Number(await templateParam(read, 'tenant.default.accountNumber'));
          if (Number.isSafeInteger(quota)) values.accountNumber = quota;
        }
      },
      async afterSubmit({ db: tx, user }, row, isNew) {
        if (isNew) await setUpTenant(tx, { tenantId: String(row.tenantId), tenantName: String(row.tenantName), packageId: (row.packageId as number | null) ?? null }, user.userId);
        await ctx.changes.publish(tx, 'tenants');
      },
      beforeRemove(_ctx, rows) {
        if (rows.some((r) => r.tenantId === DEFAULT_TENANT_ID)) throw badRequest(ACCESS_MESSAGES.defaultTenant.zh, 'ids');
      },
      async afterRemove({ db: tx }) {
        await ctx.changes.publish(tx, 'tenants');
      },
    },
    actions: {
      setting: async ({ keys, body }) => {
        const count = body.accountNumber;
        const expire = body.expireTime;
        const accountNumber = count === undefined || count === '' ? undefined : Number(count);
        if (accountNumber !== undefined && !(Number.isSafeInteger(accountNumber) && accountNumber >= -1)) throw badRequest('账号额度不合法', 'accountNumber');
        const expireTime = expire ? new Date(String(expire)) : expire === '' ? null : undefined;
        if (expireTime && Number.isNaN(expireTime.getTime())) throw badRequest('过期时间不合法', 'expireTime');
        if (accountNumber === undefined && expireTime === undefined) throw badRequest('请输入账号额度或过期时间', 'accountNumber');
        await set(keys, { ...(accountNumber !== undefined ? { accountNumber } : {}), ...(expireTime !== undefined ? { expireTime } : {}) });
      },
      package: async ({ keys, body }) => set(keys, { packageId: await liveId(tenantPackage, body.packageId, 'packageId', '产品包') }),
      datasource: async ({ keys, body }) => set(keys, { datasourceId: await liveId(datasource, body.datasourceId, 'datasourceId', '数据源') }),
    },
  };
}

/** `GET /us-system/tenant/package-detail?tenantId=`: the tenant's package (data null when it has none). */
export function tenantPackageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const db = ctx.database.db;
    const { Record: PackageRecord } = resourceSchemas(tenantPackageResource);
    const columns = getTableColumns(tenantPackage);
    app.get('/us-system/tenant/package-detail', {
      schema: {
        tags: [tenantResource.title.zh],
        summary: '租户的产品包 (无产品包时 data 为 null)',
        querystring: Type.Object({ tenantId: Type.String({ minLength: 1, maxLength: 18, pattern: '^\\d+$' }) }),
        response: { 200: Envelope(Type.Union([PackageRecord, Type.Null()])) },
      },
      config: { permission: 'tenant' },
      handler: async (req) => {
        const [t] = await db
          .select({ packageId: tenant.packageId })
          .from(tenant)
          .where(tenantWhere([(req.query as { tenantId: string }).tenantId]))
          .limit(1);
        if (!t) throw notFound('租户不存在');
        if (!t.packageId) return ok(null);
        const [p] = await db
          .select()
          .from(tenantPackage)
          .where(and(eq(tenantPackage.id, t.packageId), eq(tenantPackage.isDeleted, 0)));
        return ok(p ? toWire(tenantPackageResource, columns, p) : null);
      },
    });
  };
}
