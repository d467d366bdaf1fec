import type { FieldDef } from '@wb/contracts/resource';
import { treeLabels, type FieldOptions } from './field-options';
import { switchValue } from './form-values';
import type { FieldKeys } from './resource-i18n';

/**
 * What a stored key stands for, shown wherever a record is read (a list cell, the 查看 dialog):
 * one function, so the list, the view and the edit form never disagree about a ref's name.
 */

export const EMPTY = '-';

interface Context {
  t(key: string): string;
  keys: FieldKeys;
  options: FieldOptions;
}

/** value → label of a field with choices, keys as strings (the wire may carry '2' or 2); undefined for free values. */
export function labelsOf(name: string, field: FieldDef, { t, keys, options }: Context): Map<string, string> | undefined {
  switch (field.kind) {
    case 'switch':
      return new Map([
        ['1', t('crud.yes')],
        ['0', t('crud.no')],
      ]);
    case 'select':
      return new Map((field.options ?? []).map((o) => [String(o.value), t(keys.option(name, o.value))]));
    case 'ref':
    case 'multiRef':
    case 'dict':
      // a ref into a tree resource takes its labels from the tree
      return field.ref?.tree ? treeLabels(options.trees[name]) : new Map((options.choices[name] ?? []).map((c) => [c.value, c.label]));
    case 'treeRef':
      return treeLabels(options.trees[name]);
    default:
      return undefined;
  }
}

/** What a field with choices shows for a value: the label(s), or the raw value when none matches (a record since removed). */
export function labelText(field: FieldDef, labels: Map<string, string>, value: unknown): string {
  if (field.kind === 'switch') return labels.get(String(switchValue(value))) ?? EMPTY;
  if (value === undefined || value === null || value === '') return EMPTY;
  const keys = Array.isArray(value) ? value.map(String) : field.kind === 'multiRef' ? String(value).split(',').filter(Boolean) : [String(value)];
  if (keys.length === 0) return EMPTY;
  return keys.map((key) => labels.get(key) ?? key).join(', ');
}
