import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@wb/contracts/constants';
import type { ResourceDef } from '@wb/contracts/resource';

/**
 * ProTable's request params → the list call's query: `current`/`size`, plus the
 * def's search fields with empty values dropped (spec §5: empty values are
 * removed; the table itself goes back to page 1 on search).
 */
export function toListQuery(def: Pick<ResourceDef, 'fields'>, params: Record<string, unknown>): Record<string, string | number> {
  const current = Number(params.current) > 0 ? Math.floor(Number(params.current)) : 1;
  const requested = Number(params.pageSize) > 0 ? Math.floor(Number(params.pageSize)) : DEFAULT_PAGE_SIZE;
  const query: Record<string, string | number> = { current, size: Math.min(requested, MAX_PAGE_SIZE) };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    const value = params[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') query[name] = value.trim();
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      query[name] = typeof value === 'boolean' ? String(value) : value;
    }
  }
  return query;
}

/** The submit body: only the def's fields (and the id when editing). */
export function toSubmitBody(def: Pick<ResourceDef, 'fields'>, values: Record<string, unknown>, id?: string): Record<string, unknown> {
  const body: Record<string, unknown> = id ? { id } : {};
  for (const name of Object.keys(def.fields)) {
    const value = values[name];
    if (value !== undefined) body[name] = value;
  }
  return body;
}
