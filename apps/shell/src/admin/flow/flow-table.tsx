import { useMemo, useRef, type Key, type ReactNode } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES } from '@wb/contracts/constants';
import type { Page } from '@wb/contracts/envelope';
import { registerUiTexts } from '@wb/resource-ui/resource-i18n';
import { rowSelectionNames } from '@wb/resource-ui/selection-names';
import { flowCategoriesQuery, type ListQuery } from '../../features/flow/api/flow-api';
import { useFlowChanges, useShownAgain } from '../../features/flow/flow-refresh';
import '../../features/flow/flow-texts';

/**
 * The flow pages' list: a ProTable with the family's paging (current, size; 10 by default,
 * 10/30/50/100/200), its search form's empty values dropped, read again after any flow write
 * (flow-refresh.ts) and when its tab is shown again.
 */
export interface FlowTableProps<T extends Record<string, unknown>> {
  /** the search form's name, and the table's class (`wb-flow-<name>`) */
  name: string;
  title: string;
  rowKey: string | ((row: T) => string);
  columns: ProColumns<T>[];
  load(query: ListQuery): Promise<Page<T>>;
  toolbar?: ReactNode[];
  rowSelection?: { selectedRowKeys: Key[]; onChange(keys: Key[], rows: T[]): void };
  /** what names a row to a screen reader (its selection checkbox): its `name` unless said */
  rowName?: (row: T) => unknown;
}

export function FlowTable<T extends Record<string, unknown>>(props: FlowTableProps<T>) {
  const { t, i18n } = useTranslation();
  registerUiTexts(i18n);
  const version = useFlowChanges((s) => s.version);
  const actionRef = useRef<ActionType>();
  const box = useRef<HTMLDivElement>(null);
  useShownAgain(box, () => actionRef.current?.reload());
  const params = useMemo(() => ({ __version: version }), [version]);
  return (
    <div ref={box} className={`wb-flow-page wb-flow-${props.name}`}>
      <ProTable<T>
        rowKey={props.rowKey as string}
        actionRef={actionRef}
        headerTitle={props.title}
        columns={props.columns}
        params={params}
        form={{ name: `flow-${props.name}-search` }}
        search={{ labelWidth: 'auto' }}
        request={async (params) => {
          const { current, pageSize, __version: _v, ...filters } = params as Record<string, unknown>;
          const query: ListQuery = { current: Number(current) || 1, size: Math.min(Number(pageSize) || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
          for (const [key, value] of Object.entries(filters)) if (typeof value === 'string' || typeof value === 'number') query[key] = value;
          const page = await props.load(query);
          return { data: page?.records ?? [], total: page?.total ?? 0, success: true };
        }}
        // the request client has shown why
        onRequestError={() => undefined}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
        rowSelection={props.rowSelection ? { ...props.rowSelection, ...rowSelectionNames<T>(t, props.rowName ?? ((row) => row.name)) } : false}
        scroll={{ x: 'max-content' }}
        options={{ density: false, setting: true, reload: true }}
        toolBarRender={() => props.toolbar ?? []}
      />
    </div>
  );
}

/** The category filter of a list (the `flow` dictionary), and its column showing the category's name. */
export function useCategoryColumn<T extends Record<string, unknown>>(nameField = 'categoryName'): ProColumns<T> {
  const { t } = useTranslation();
  const categories = useQuery(flowCategoriesQuery);
  return {
    key: 'category',
    dataIndex: 'category',
    title: t('flow.col.category'),
    valueType: 'select',
    fieldProps: { options: categories.data?.options ?? [], showSearch: true, optionFilterProp: 'label' },
    render: (_, row) => (row[nameField] as string) || categories.data?.options.find((o) => o.value === row.category)?.label || (row.category as string) || '-',
  };
}
