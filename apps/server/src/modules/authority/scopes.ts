import { getTableName } from 'drizzle-orm';
import { DATA_SCOPE_TABLES } from '@wb/contracts/resources/access';
import { announces } from '../../platform/changes';
import type { ResourceRegistry } from '../../platform/crud/registry';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import type { Row } from '../../platform/crud/wire';
import { badRequest } from '../../platform/envelope';

/**
 * Data scopes are checked when saved, so that a rule never names what does not exist: the
 * table of a registered resource, one of its columns, and for a custom rule (5) department ids.
 * A rule that still cannot apply (its column dropped later) shows nothing (platform/scope.ts).
 */
export function dataScopeOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      ...announces(ctx.changes, 'grants'),
      beforeSubmit(_ctx, values: Row, existing: Row | undefined) {
        const v = { ...existing, ...values } as Record<string, unknown>;
        const target = ctx.resources.byTable(String(v.resourceCode ?? ''));
        if (!target) throw badRequest('资源编号不存在 (应为数据表名, 如 user, project)', 'resourceCode');
        const columns = Object.values(target.columns).map((c) => c.name);
        if (!columns.includes(String(v.scopeColumn ?? ''))) throw badRequest(`权限字段不存在, ${getTableName(target.table)} 的字段: ${columns.join(', ')}`, 'scopeColumn');
        if (Number(v.scopeType) === 5 && !/^\d{1,18}(,\d{1,18})*$/.test(String(v.scopeValue ?? ''))) throw badRequest('自定义规则的规则值应为逗号分隔的部门 id', 'scopeValue');
      },
    },
  };
}

/** The 资源编号 select offers only tables that exist: called once every resource is registered, a renamed table stops the start. */
export function checkScopeTables(registry: ResourceRegistry): void {
  const missing = DATA_SCOPE_TABLES.filter(([table]) => !registry.byTable(table)).map(([table]) => table);
  if (missing.length) throw new Error(`data scopes offer tables no resource is stored in: ${missing.join(', ')}`);
}

/** API scopes cover paths of this server: '/us-user/export', '/us-user/*' or '/us-user/**'. */
export function apiScopeOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      ...announces(ctx.changes, 'grants'),
      beforeSubmit(_ctx, values: Row) {
        if (values.scopePath !== undefined && !/^\/[A-Za-z0-9/_*.-]*$/.test(String(values.scopePath))) throw badRequest('接口地址应以 / 开头, 可用 * 与 ** 通配', 'scopePath');
      },
    },
  };
}
