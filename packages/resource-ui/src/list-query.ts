import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@wb/contracts/constants';
import type { FieldDef, ResourceDef } from '@wb/contracts/resource';
import { AVATAR_LIMIT_BYTES, AVATAR_TYPES } from '@wb/contracts/validation';

type Fields = Pick<ResourceDef, 'fields'>;
export type ListQuery = Record<string, string | number>;

/** A search value as the list call carries it, or undefined when it is empty (spec §5: empty values are removed). */
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
  if (typeof value === 'boolean') return field.kind === 'switch' ? (value ? 1 : 0) : String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
}

/**
 * ProTable's request params → the list call's query: `current`/`size`, plus the
 * def's search fields with empty values dropped (spec §5; the table itself goes
 * back to page 1 on search). `fixed` are filters the host imposes (the selected
 * project): they are sent even for fields without a search form, and win over
 * what the form holds.
 */
export function toListQuery(def: Fields, params: Record<string, unknown>, fixed?: Record<string, string | number>): ListQuery {
  const current = Number(params.current) > 0 ? Math.floor(Number(params.current)) : 1;
  const requested = Number(params.pageSize) > 0 ? Math.floor(Number(params.pageSize)) : DEFAULT_PAGE_SIZE;
  const query: ListQuery = { current, size: Math.min(requested, MAX_PAGE_SIZE) };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    const value = searchValue(field, params[name]);
    if (value !== undefined) query[name] = value;
  }
  for (const [name, value] of Object.entries(fixed ?? {})) {
    if (value !== undefined && value !== null && value !== '') query[name] = value;
  }
  return query;
}

/** The filters of a list query without its paging: what an export of "what I see" sends. */
export function filtersOf(query: ListQuery): ListQuery {
  const { current: _current, size: _size, ...filters } = query;
  return filters;
}

/** The stored value of a switch (0/1) from whatever the form or the wire holds. */
export function switchValue(value: unknown): 0 | 1 {
  return value === true || value === 1 || value === '1' ? 1 : 0;
}

/**
 * The submit body: only the def's fields (and the id when editing); switches
 * go back to 0/1, a cleared optional select or picture is sent as '' so an
 * update can empty it.
 */
export function toSubmitBody(def: Fields, values: Record<string, unknown>, id?: string): Record<string, unknown> {
  const body: Record<string, unknown> = id ? { id } : {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = values[name];
    if (field.kind === 'switch') {
      if (value !== undefined) body[name] = switchValue(value);
    } else if (value === null && (field.kind === 'ref' || field.kind === 'image' || field.kind === 'select')) {
      body[name] = '';
    } else if (value !== undefined && value !== null) {
      body[name] = value;
    }
  }
  return body;
}

/** A record → the form's values: switches as booleans, empty refs as no choice. */
export function toFormValues(def: Fields, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = record[name];
    if (field.kind === 'switch') values[name] = switchValue(value) === 1;
    else if (field.kind === 'ref') values[name] = value === undefined || value === null || value === '' || value === '0' ? undefined : String(value);
    else if (field.kind === 'select' && (value === '' || value === null)) values[name] = undefined;
    else values[name] = value;
  }
  return values;
}

/** The values a new record starts with: each field's `default` (a switch without one starts off). */
export function initialFormValues(def: Fields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'switch') values[name] = switchValue(field.default) === 1;
    else if (field.default !== undefined) values[name] = field.default;
  }
  return values;
}

/** The ref fields of a def, with the service each takes its options from. */
export function refFields(def: Fields): { name: string; basePath: string }[] {
  return Object.entries(def.fields)
    .filter(([, field]) => field.kind === 'ref' && field.ref)
    .map(([name, field]) => ({ name, basePath: field.ref!.basePath }));
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

/** Which rule a chosen file breaks ('imageType', 'imageSize'), or null: jpg/png, at most 500 KB (admin spec §5). */
export function imageFileError(file: { type: string; size: number }): 'imageType' | 'imageSize' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > AVATAR_LIMIT_BYTES) return 'imageSize';
  return null;
}
