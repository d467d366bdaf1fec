import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@wb/contracts/constants';
import { SORT_PARAMS, sortableFields, type FieldDef, type ResourceDef } from '@wb/contracts/resource';
import { AVATAR_LIMIT_BYTES, AVATAR_TYPES } from '@wb/contracts/validation';
import { switchValue } from './form-values';

type Fields = Pick<ResourceDef, 'fields'>;
export type ListQuery = Record<string, string | number>;

/** A search value as the list call carries it, or undefined when it is empty (empty values are not sent). */
function searchValue(field: FieldDef, value: unknown): string | number | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    // an 'in' search: the chosen ids, comma-joined
    const parts = value.map((v) => String(v).trim()).filter((v) => v !== '');
    return parts.length ? parts.join(',') : undefined;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'boolean') return field.kind === 'switch' ? switchValue(value) : String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
}

/**
 * A date range of the search form ([from, to]: strings, as ProTable formats
 * them, or date objects) as the two bounds the list call takes.
 */
function rangeValue(value: unknown): [string | undefined, string | undefined] {
  if (!Array.isArray(value)) return [undefined, undefined];
  const bound = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v.trim() || undefined;
    if (v && typeof (v as { format?: unknown }).format === 'function') return (v as { format(f: string): string }).format('YYYY-MM-DD HH:mm:ss');
    return undefined;
  };
  return [bound(value[0]), bound(value[1])];
}

/**
 * ProTable's request params → the list call's query: `current`/`size`, plus the
 * def's search fields with empty values dropped (the table itself goes back to
 * page 1 on search); a 'range' field becomes `<field>_dategt` / `<field>_datelt`.
 * `fixed` are filters the host imposes (the selected project): they are sent
 * even for fields without a search form, and win over what the form holds.
 * Nothing else is sent: the server refuses a filter its def does not declare.
 */
export function toListQuery(def: Fields, params: Record<string, unknown>, fixed?: Record<string, string | number | undefined>, sort?: TableSort): ListQuery {
  const current = Number(params.current) > 0 ? Math.floor(Number(params.current)) : 1;
  const requested = Number(params.pageSize) > 0 ? Math.floor(Number(params.pageSize)) : DEFAULT_PAGE_SIZE;
  const query: ListQuery = { current, size: Math.min(requested, MAX_PAGE_SIZE) };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    if (field.search === 'range') {
      const [from, to] = rangeValue(params[name]);
      if (from) query[`${name}_dategt`] = from;
      if (to) query[`${name}_datelt`] = to;
      continue;
    }
    const value = searchValue(field, params[name]);
    if (value !== undefined) query[name] = value;
  }
  for (const [name, value] of Object.entries(fixed ?? {})) {
    if (value !== undefined && value !== null && value !== '') query[name] = value;
  }
  return { ...query, ...sortQuery(def, sort) };
}

/** ProTable's sorter state: a column's field → 'ascend' / 'descend' (null once cleared). */
export type TableSort = Record<string, 'ascend' | 'descend' | null | undefined>;

/**
 * The table's sorted column as the list call's `ascs` / `descs` (the BladeX family's comma-joined
 * names), only for fields the definition lets the server sort by.
 */
export function sortQuery(def: Fields, sort: TableSort | undefined): ListQuery {
  const allowed = new Set(sortableFields(def));
  const asc: string[] = [];
  const desc: string[] = [];
  for (const [name, order] of Object.entries(sort ?? {})) {
    if (!allowed.has(name)) continue;
    if (order === 'ascend') asc.push(name);
    else if (order === 'descend') desc.push(name);
  }
  return { ...(asc.length ? { [SORT_PARAMS.asc]: asc.join(',') } : {}), ...(desc.length ? { [SORT_PARAMS.desc]: desc.join(',') } : {}) };
}

/** The filters of a list query without its paging and order: what an export of "what I see" sends. */
export function filtersOf(query: ListQuery): ListQuery {
  const { current: _current, size: _size, [SORT_PARAMS.asc]: _asc, [SORT_PARAMS.desc]: _desc, ...filters } = query;
  return filters;
}

/**
 * The address an <img> can load: links the server returns are paths on the
 * API host ('/us-resource/oss/endpoint/file/…'), which is not the page's origin
 * when a sub-app is mounted by a shell elsewhere.
 */
export function assetUrl(link: string | undefined | null, apiBase = ''): string {
  if (!link) return '';
  if (/^(https?:|data:|blob:)/i.test(link) || link.startsWith('//')) return link;
  if (!link.startsWith('/')) return link;
  return `${apiBase.replace(/\/+$/, '')}${link}`;
}

/** Which rule a chosen file breaks ('imageType', 'imageSize'), or null: jpg/png, at most 500 KB. */
export function imageFileError(file: { type: string; size: number }): 'imageType' | 'imageSize' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > AVATAR_LIMIT_BYTES) return 'imageSize';
  return null;
}
