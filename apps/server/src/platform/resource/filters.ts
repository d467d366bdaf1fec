import { and, eq, gt, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyResourceDef } from '@wb/contracts/resource';
import type { ResourceTable } from './table';

export const DATE_FILTERS = ['createTime_dategt', 'createTime_datelt'] as const;

export function likePattern(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const idArray = (v: string) => v.split(',').filter(Boolean).map(Number);

/**
 * The active filters of a list or export request, as values ready to bind.
 * Empty search values are dropped (admin spec §2).
 */
export function filterValues(def: AnyResourceDef, searchable: string[], q: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (typeof q.ids === 'string' && q.ids) values.ids = idArray(q.ids);
  for (const k of searchable) {
    const v = typeof q[k] === 'string' ? (q[k] as string).trim() : '';
    if (!v) continue;
    const mode = def.fields[k].search;
    values[k] = mode === 'like' ? likePattern(v) : mode === 'in' ? idArray(v) : v;
  }
  for (const k of DATE_FILTERS) if (q[k]) values[k] = new Date(String(q[k]));
  return values;
}

/**
 * The WHERE clause for a set of active filters. `bind` gives each value: a
 * placeholder for a prepared statement, or the value itself.
 */
export function filterWhere(def: AnyResourceDef, table: ResourceTable, columns: Record<string, PgColumn>, tenant: unknown, active: string[], bind: (k: string) => unknown): SQL {
  // a literal, not a parameter: only then can a generic plan use the partial indexes (WHERE is_deleted = 0)
  const conds: SQL[] = [eq(table.tenantId, tenant), sql`${table.isDeleted} = 0`];
  for (const k of active) {
    const value = bind(k);
    if (k === 'ids') conds.push(sql`${table.id} = any(${value})`);
    else if (k === 'createTime_dategt') conds.push(gt(table.createTime, value));
    else if (k === 'createTime_datelt') conds.push(lt(table.createTime, value));
    else {
      const mode = def.fields[k].search;
      conds.push(mode === 'like' ? ilike(columns[k], value as string) : mode === 'in' ? sql`${columns[k]} = any(${value})` : eq(columns[k], value));
    }
  }
  return and(...conds)!;
}
