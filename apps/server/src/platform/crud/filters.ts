import { and, gt, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { CRUD_MESSAGES, type AnyResourceDef } from '@wb/contracts/resource';
import { badRequest } from '../envelope';
import type { Scope } from '../scope';
import { CREATE_TIME_FILTERS } from './schemas';

/** A filter a resource adds beyond its fields' own: its schema says what it takes, `where` what it selects. */
export interface CustomFilter {
  /** `scope` binds the tenant like the statement's own scope does (a placeholder in a prepared statement) */
  where(value: unknown, scope: Scope): SQL;
  /** turns the query text into the bound value (default: the text itself) */
  parse?(text: string): unknown;
}

export function likePattern(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const list = (v: string) => v.split(',').filter(Boolean);

/** What each integer column type holds (bigint ids stay within JavaScript's exact integers). */
const INTEGER_RANGE: Record<string, [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgInteger: [-2147483648, 2147483647],
};

/** One active filter: the value to bind and the condition it makes. */
interface Filter {
  value: unknown;
  where(bound: unknown): SQL;
}

/**
 * The filters a list or export request asks for, as values ready to bind and the
 * condition each makes. Empty values are dropped (a cleared search field).
 */
export function activeFilters(
  def: AnyResourceDef,
  columns: Record<string, PgColumn>,
  key: PgColumn,
  custom: Record<string, CustomFilter>,
  q: Record<string, unknown>,
  scope: Scope,
): Map<string, Filter> {
  const active = new Map<string, Filter>();
  const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : '');
  const numeric = (c: PgColumn) => c.dataType === 'number';
  // a value a numeric column cannot hold is the caller's mistake, named, not a database error
  const asNumber = (k: string, v: string, c: PgColumn = key) => {
    const n = Number(v);
    const [min, max] = INTEGER_RANGE[c.columnType] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) throw badRequest(`${def.fields[k]?.label.zh ?? k}(${k}) 不合法`, k);
    return n;
  };
  const asDate = (k: string, v: string) => {
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) throw badRequest(`${k} 不是有效的日期`, k);
    return d;
  };
  const keys = (c: PgColumn, v: string, k = 'ids') => (numeric(c) ? list(v).map((x) => asNumber(k, x, c)) : list(v));

  if (text('ids')) active.set('ids', { value: keys(key, text('ids')), where: (b) => sql`${key} = any(${b})` });
  for (const [k, f] of Object.entries(def.fields)) {
    if (!f.search) continue;
    const col = columns[k];
    if (f.search === 'range') {
      for (const [suffix, op] of [
        ['_dategt', gt],
        ['_datelt', lt],
      ] as const) {
        const v = text(k + suffix);
        if (v) active.set(k + suffix, { value: asDate(k + suffix, v), where: (b) => op(col, b) });
      }
      continue;
    }
    const v = text(k);
    if (!v) continue;
    if (f.search === 'like') active.set(k, { value: likePattern(v), where: (b) => ilike(col, b as string) });
    else if (f.search === 'in') active.set(k, { value: keys(col, v, k), where: (b) => sql`${col} = any(${b})` });
    else active.set(k, { value: numeric(col) ? asNumber(k, v, col) : v, where: (b) => sql`${col} = ${b}` });
  }
  for (const k of CREATE_TIME_FILTERS) {
    const v = text(k);
    if (v) active.set(k, { value: asDate(k, v), where: (b) => (k.endsWith('gt') ? gt(columns.createTime, b) : lt(columns.createTime, b)) });
  }
  for (const [k, c] of Object.entries(custom)) {
    const v = text(k);
    if (v) active.set(k, { value: c.parse ? c.parse(v) : v, where: (b) => c.where(b, scope) });
  }
  return active;
}

/**
 * The conditions of the active filters. `bind` gives each value: a placeholder for
 * a prepared statement, or the value itself.
 */
export function filterWhere(active: Map<string, Filter>, bind: (name: string, value: unknown) => unknown): SQL | undefined {
  return and(...[...active].map(([name, f]) => f.where(bind(name, f.value))));
}

/** A preValidation hook refusing query parameters outside `allowed`: ignoring one silently would answer rows the caller did not ask for. */
export const refuseUnknown = (allowed: Set<string>) => async (req: FastifyRequest) => {
  const unknown = Object.keys(req.query as object).filter((k) => !allowed.has(k));
  if (unknown.length) throw badRequest(`${CRUD_MESSAGES.unknownFilter.zh}: ${unknown.join(', ')}`, unknown[0]);
};
