import type { ReactNode } from 'react';
import { Image } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { sortableFields, type FieldDef } from '@wb/contracts/resource';
import { EMPTY, labelText, labelsOf } from './field-labels';
import type { FieldOptions } from './field-options';
import { columnWidth } from './links-width';
import { assetUrl } from './list-query';
import type { AnyRecord, AnyResourceDef } from './resource-api';
import type { ResourceKeys } from './resource-i18n';
import { IconCell } from './icon-input';

/** Per-field changes a page makes to the generated columns (a render, a width …), by field name. */
export type ColumnOverrides = Partial<Record<string, Partial<ProColumns<AnyRecord>>>>;

interface Context {
  def: AnyResourceDef;
  keys: ResourceKeys;
  t(key: string): string;
  options: FieldOptions;
  apiBase?: string;
  overrides?: ColumnOverrides;
}

const VALUE_TYPES: Record<FieldDef['kind'], ProColumns['valueType']> = {
  string: 'text',
  text: 'textarea',
  number: 'digit',
  select: 'select',
  switch: 'select',
  dict: 'select',
  ref: 'select',
  multiRef: 'select',
  treeRef: 'treeSelect',
  date: 'dateTime',
  password: 'password',
  image: 'text',
  icon: 'text',
  // shown escaped, as text, should a page ever list it
  richText: 'text',
};

function imageCell(value: unknown, apiBase: string | undefined): ReactNode {
  const src = assetUrl(value as string | undefined, apiBase);
  return src ? <Image src={src} width={40} height={40} style={{ objectFit: 'contain' }} alt="" /> : EMPTY;
}

/** A 'range' search is its own column of the search form: two date-times, sent as `_dategt` / `_datelt`. */
function rangeSearchColumn(name: string, { t, keys }: Context): ProColumns<AnyRecord> {
  return {
    key: `${name}__range`,
    title: t(keys.label(name)),
    dataIndex: name,
    valueType: 'dateTimeRange',
    hideInTable: true,
    fieldProps: { placeholder: [t('crud.rangeStart'), t('crud.rangeEnd')] },
  };
}

/**
 * The columns of a def's fields: those shown in the table (passwords never) and
 * those of the search form. Cells of fields with choices show the choices' labels.
 */
export function fieldColumns(context: Context): ProColumns<AnyRecord>[] {
  const { def, t, keys, options, overrides } = context;
  const columns: ProColumns<AnyRecord>[] = [];
  // a tree's rows come level by level (lazy-list), in the tree's own order: nothing to sort
  const sortable = new Set(def.tree ? [] : sortableFields(def));
  for (const [name, field] of Object.entries(def.fields)) {
    const inTable = field.column !== false && field.kind !== 'password';
    const range = field.search === 'range';
    const inSearch = Boolean(field.search) && !range;
    if (range) columns.push(rangeSearchColumn(name, context));
    if (!inTable && !inSearch) continue;
    const labels = labelsOf(name, field, context);
    // sorted by the server (ascs / descs), on the fields the definition lets it sort
    const sorter = inTable && sortable.has(name);
    const column: ProColumns<AnyRecord> = {
      key: name,
      title: t(keys.label(name)),
      dataIndex: name,
      valueType: field.dateOnly ? 'date' : VALUE_TYPES[field.kind],
      width: columnWidth(field.width, t(keys.label(name))),
      hideInTable: !inTable,
      sorter,
      hideInSearch: !inSearch,
      ellipsis: field.kind === 'text',
      // the search form's choices
      valueEnum: labels && field.kind !== 'treeRef' ? new Map([...labels].map(([value, text]) => [value, { text }])) : undefined,
      fieldProps: {
        placeholder: t(keys.label(name)),
        ...(field.kind === 'ref' || field.kind === 'multiRef' || field.kind === 'dict' ? { showSearch: true, optionFilterProp: 'label' } : {}),
        ...(field.kind === 'treeRef' ? { treeData: options.trees[name] ?? [] } : {}),
        // 'in': several values, sent comma-joined
        ...(field.search === 'in' ? { mode: 'multiple', maxTagCount: 'responsive' } : {}),
      },
    };
    if (labels) column.render = (_, row) => labelText(field, labels, row[name]);
    else if (field.kind === 'image') column.render = (_, row) => imageCell(row[name], context.apiBase);
    else if (field.kind === 'icon') column.render = (_, row) => <IconCell name={String(row[name] ?? '')} />;
    columns.push({ ...column, ...overrides?.[name] });
  }
  return columns;
}
