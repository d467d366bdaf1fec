import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CRUD_MESSAGES, SORT_PARAMS, sortableFields, type AnyResourceDef } from '@wb/contracts/resource';
import { badRequest } from '../envelope';

/** Audit columns any list may be sorted by when its table has them (the family's clients ask for `create_time`). */
const AUDIT_SORTS = ['createTime', 'updateTime'];

/** A list's requested order: the columns, in the order asked, and a signature for its prepared statement. */
export interface ListOrder {
  by: SQL[];
  signature: string;
}

export const NO_ORDER: ListOrder = { by: [], signature: '' };

/**
 * The columns a list may be sorted by, under the names a client may use for them: the field's
 * own name (`createTime`) and its column's (`create_time`), as the BladeX family's clients send
 * either. Only these ever reach ORDER BY, as drizzle columns, never as text.
 */
export function sortColumns(def: AnyResourceDef, columns: Record<string, PgColumn>): Map<string, { field: string; column: PgColumn }> {
  const names = new Map<string, { field: string; column: PgColumn }>();
  for (const field of [...sortableFields(def), ...AUDIT_SORTS]) {
    const column = columns[field];
    if (!column) continue;
    names.set(field, { field, column });
    names.set(column.name, { field, column });
  }
  return names;
}

/**
 * `ascs` / `descs` of a list call (comma-joined names) as its ORDER BY; a name the definition does
 * not let the list sort by is refused with a 400 naming the parameter, never ignored.
 */
export function listOrder(allowed: Map<string, { field: string; column: PgColumn }>, q: Record<string, unknown>): ListOrder {
  const by: SQL[] = [];
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const [param, direction] of [
    [SORT_PARAMS.asc, asc],
    [SORT_PARAMS.desc, desc],
  ] as const) {
    const text = typeof q[param] === 'string' ? (q[param] as string) : '';
    for (const name of text
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      const hit = allowed.get(name);
      if (!hit) throw badRequest(`${CRUD_MESSAGES.unknownSort.zh}: ${name.slice(0, 64)} (${param})`, param);
      // a column asked for twice keeps its first direction
      if (seen.has(hit.field)) continue;
      seen.add(hit.field);
      by.push(direction(hit.column));
      parts.push(`${param === SORT_PARAMS.asc ? '+' : '-'}${hit.field}`);
    }
  }
  return { by, signature: parts.join(',') };
}
