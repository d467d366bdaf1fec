import type { FastifyRequest } from 'fastify';
import { and, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tenant } from '../db/schema/index';
import { caller } from './auth';

/**
 * Whose rows a query may see. Every query of a business table — the generic
 * resources and hand-written routes alike — takes its WHERE from `visible()`,
 * so the tenant rule lives in one place (docs/architecture.md, 'Scope').
 */
export interface Scope {
  /** the tenant whose rows are visible; a placeholder inside a prepared statement */
  tenantId: string | Placeholder;
  /** the caller, when there is one (pre-login paths have none) */
  userId?: number;
  /** a key naming this scope, for caches of results that depend on it */
  key: string;
}

/** The scope of an authenticated request. */
export function scopeOf(req: FastifyRequest): Scope {
  const { tenantId, userId } = caller(req);
  return { tenantId, userId, key: `t:${tenantId}` };
}

/** The scope of one tenant, for paths where the tenant comes from the request itself (login, registration, retrieval). */
export function tenantScope(tenantId: string): Scope {
  return { tenantId, key: `t:${tenantId}` };
}

/** Inside a prepared statement: the tenant is bound per execution. */
export const PREPARED_SCOPE: Scope = { tenantId: sql.placeholder('tenantId'), key: 'prepared' };

const columnsOf = new WeakMap<PgTable, { tenantId?: PgColumn; isDeleted?: PgColumn }>();

function scopeColumns(table: PgTable) {
  let found = columnsOf.get(table);
  if (!found) {
    const cols = getTableColumns(table) as Record<string, PgColumn>;
    // the tenant table's tenant_id is each tenant's own code, not an owner: tenants are the platform's rows
    found = { tenantId: table === tenant ? undefined : cols.tenantId, isDeleted: cols.isDeleted };
    columnsOf.set(table, found);
  }
  return found;
}

/** Whether rows of this table belong to a tenant (it has a tenant_id column). */
export const isTenantTable = (table: PgTable): boolean => !!scopeColumns(table).tenantId;

/**
 * The rows of `table` the scope may see: its tenant's (when the table has a
 * tenant_id) and not soft-deleted (when it has is_deleted), with `more` conditions.
 */
export function visible(table: PgTable, scope: Scope, ...more: (SQL | undefined)[]): SQL {
  const { tenantId, isDeleted } = scopeColumns(table);
  const conds: (SQL | undefined)[] = [];
  if (tenantId) conds.push(sql`${tenantId} = ${scope.tenantId}`);
  // a literal, not a parameter: only then can a generic plan use the partial indexes (WHERE is_deleted = 0)
  if (isDeleted) conds.push(sql`${isDeleted} = 0`);
  return and(...conds, ...more) ?? sql`true`;
}
