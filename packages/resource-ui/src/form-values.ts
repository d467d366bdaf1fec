import type { AnyResourceDef, FieldDef } from '@wb/contracts/resource';

/** Values between a record on the wire and the edit form. */

type Def = Pick<AnyResourceDef, 'fields' | 'tree'>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The stored value of a switch (0/1) from whatever the form or the wire holds. */
export function switchValue(value: unknown): 0 | 1 {
  return value === true || value === 1 || value === '1' ? 1 : 0;
}

/** Whether the form shows a field: not when the def says so, not when the server computes it. */
export function inForm(field: FieldDef, adding: boolean): boolean {
  if (field.form === false || field.virtual) return false;
  // kept by the server: shown (disabled) on a stored record, nothing to show on a new one
  if (field.readonly && adding) return false;
  // a password is written when the account is made and never answered: nothing to show afterwards;
  // a sealed key may be given again on an edit (left empty, the stored one is kept)
  return field.kind !== 'password' || adding || field.sealed === true;
}

/** Whether a submit carries a field: readonly ones never, addOnly ones only when adding. */
export function submitted(field: FieldDef, adding: boolean): boolean {
  if (!inForm(field, adding) || field.readonly) return false;
  return adding || !field.addOnly;
}

/** The value a cleared treeRef stands for: the tree's root for the def's own parent field. */
function rootOf(def: Def, name: string): string {
  return def.tree?.parentField === name ? def.tree.root : '';
}

/** Kinds whose cleared value is sent as '' so an update can empty it. */
const CLEARABLE = new Set<FieldDef['kind']>(['ref', 'image', 'select', 'dict', 'date']);

/**
 * The submit body: the def's fields the submit may carry (and the id when
 * editing). Switches go back to 0/1, multiRef choices are comma-joined, a
 * cleared treeRef is the root, a cleared optional value is sent as ''.
 */
export function toSubmitBody(def: Def, values: Record<string, unknown>, id?: string): Record<string, unknown> {
  const adding = id === undefined;
  const body: Record<string, unknown> = adding ? {} : { id };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!submitted(field, adding)) continue;
    const value = values[name];
    if (field.kind === 'switch') {
      if (value !== undefined) body[name] = switchValue(value);
    } else if (field.kind === 'multiRef') {
      if (Array.isArray(value)) body[name] = value.map(String).join(',');
      else if (value !== undefined) body[name] = value === null ? '' : String(value);
    } else if (field.kind === 'treeRef') {
      body[name] = isEmpty(value) ? rootOf(def, name) : String(value);
    } else if (field.dateOnly && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      // the date picker's day, as the wire carries every date
      body[name] = `${value} 00:00:00`;
    } else if (value === null && CLEARABLE.has(field.kind)) {
      body[name] = '';
    } else if (value !== undefined && value !== null) {
      body[name] = value;
    }
  }
  return body;
}

/**
 * A record → the form's values: switches as booleans, multiRef ids as a list,
 * keys as strings (a dict key may come back as a number), empty values and the
 * tree's root as no choice.
 */
export function toFormValues(def: Def, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = record[name];
    switch (field.kind) {
      case 'password':
        break;
      case 'switch':
        values[name] = switchValue(value) === 1;
        break;
      case 'multiRef':
        values[name] = isEmpty(value) ? [] : String(value).split(',').filter(Boolean);
        break;
      case 'ref':
        values[name] = isEmpty(value) || value === '0' ? undefined : String(value);
        break;
      case 'treeRef':
        values[name] = isEmpty(value) || String(value) === rootOf(def, name) ? undefined : String(value);
        break;
      case 'dict':
        values[name] = isEmpty(value) ? undefined : String(value);
        break;
      case 'date':
        // a day without its time of day for the date picker
        values[name] = isEmpty(value) ? undefined : field.dateOnly ? String(value).slice(0, 10) : value;
        break;
      case 'select':
        values[name] = isEmpty(value) ? undefined : value;
        break;
      default:
        values[name] = value;
    }
  }
  return values;
}

/** The values a new record starts with: each field's `default` (a switch without one starts off). */
export function initialFormValues(def: Def): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'switch') values[name] = switchValue(field.default) === 1;
    else if (field.default !== undefined) values[name] = field.kind === 'dict' ? String(field.default) : field.default;
  }
  return values;
}

/** The fields a child takes from its parent (the parent field and `inherit`): read-only in its form. */
export function inheritedFields(def: Pick<AnyResourceDef, 'parent'>): string[] {
  return def.parent ? [def.parent.field, ...(def.parent.inherit ?? [])] : [];
}

/** A new child's values taken from the chosen parent: its key in the parent field, the inherited fields. */
export function fromParent(def: Pick<AnyResourceDef, 'parent'>, parent: Record<string, unknown> & { id: string }): Record<string, unknown> {
  if (!def.parent) return {};
  const values: Record<string, unknown> = { [def.parent.field]: String(parent.id) };
  for (const name of def.parent.inherit ?? []) values[name] = parent[name];
  return values;
}
