import { eq, ne } from 'drizzle-orm';
import type { FieldDef } from '@wb/contracts/resource';
import type { Db } from '../../db/client';
import { formatTime } from '../envelope';
import { visible, type Scope } from '../scope';
import type { ResourceRegistry } from './registry';

/**
 * What the stored keys of a field stand for, as a person reads them: a ref's record by its name,
 * a dictionary key by its item, an option by its label. An export writes these (never the keys),
 * and an import reads them back (crud/import.ts): one lookup, so a file exported can be imported.
 */

/** Whether a field's values are keys that name something else (a record, a dictionary item). */
export const isNamedByLookup = (f: FieldDef): boolean => !!f.ref || f.kind === 'dict';

/** The keys a ref or dictionary field may hold in a scope, each with its name; [] for other fields. */
export async function namedKeys(f: FieldDef, registry: ResourceRegistry, db: Db, scope: Scope): Promise<{ key: string; label: string }[]> {
  let rows: { key: unknown; label: unknown }[] = [];
  if (f.ref) {
    const target = registry.get(f.ref.resource);
    rows = await db.select({ key: target.key, label: target.label }).from(target.table).where(visible(target.table, scope));
  } else if (f.kind === 'dict') {
    const dict = registry.get(f.dict!.biz ? 'dictbiz' : 'dict');
    const col = dict.columns;
    rows = await db
      .select({ key: col.dictKey, label: col.dictValue })
      .from(dict.table)
      .where(visible(dict.table, scope, eq(col.code, f.dict!.code), ne(col.parentId, 0)));
  }
  return rows.map((r) => ({ key: String(r.key), label: String(r.label) }));
}

/** key → name, per field of `names` that is named by a lookup (read once per export). */
export async function labelMaps(fields: Record<string, FieldDef>, names: string[], registry: ResourceRegistry, db: Db, scope: Scope): Promise<Map<string, Map<string, string>>> {
  const maps = new Map<string, Map<string, string>>();
  for (const k of names) {
    if (!isNamedByLookup(fields[k])) continue;
    maps.set(k, new Map((await namedKeys(fields[k], registry, db, scope)).map((r) => [r.key, r.label])));
  }
  return maps;
}

/** Keys no record stands behind: a tree's root, an unset ref. */
const NOTHING = new Set(['', '0', '-1']);

/**
 * A stored value as a person reads it (in Chinese, like the sheet's headers): names for keys,
 * labels for options, 是/否 for switches, times as the wire writes them. A key whose record has
 * gone stays as it is, so the cell still says something.
 */
export function readableValue(f: FieldDef, value: unknown, labels: Map<string, string> | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatTime(value);
  if (f.kind === 'switch') return Number(value) === 1 ? '是' : '否';
  if (f.kind === 'select') return f.options?.find((o) => String(o.value) === String(value))?.label.zh ?? String(value);
  if (!labels) return value;
  const keys = f.kind === 'multiRef' ? String(value).split(',') : [String(value)];
  return keys
    .filter((k) => !NOTHING.has(k) || labels.has(k))
    .map((k) => labels.get(k) ?? k)
    .join(', ');
}
