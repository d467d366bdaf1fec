import { useMemo, useRef, useState, type Key } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Image } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@wb/contracts/constants';
import type { FieldDef } from '@wb/contracts/resource';
import type { ExportState } from '@wb/contracts/subapp-protocol';
import { exportFileName, saveBlob } from './download';
import { useResourceHost } from './host';
import { assetUrl, filtersOf, toListQuery, type ListQuery } from './list-query';
import { useRefOptions } from './ref-options';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { ResourceForm, type FormMode } from './resource-form';
import { registerResourceI18n, resourceKeys } from './resource-i18n';

const VALUE_TYPES: Record<FieldDef['kind'], ProColumns['valueType']> = {
  string: 'text',
  text: 'textarea',
  number: 'digit',
  select: 'select',
  switch: 'select',
  ref: 'select',
  image: 'text',
};

export interface ResourcePageProps {
  def: AnyResourceDef;
  /**
   * Filters the host imposes on the list and the export (the selected project:
   * `{ projectId: '1,2' }`); a change reloads the list from page 1.
   */
  fixedParams?: Record<string, string | number>;
  /** a change reloads the list (a 'data-refresh' from the shell) */
  reloadKey?: unknown;
  /** shows 导出: `GET {basePath}/export?<current filters>` saved as a file */
  exportable?: boolean;
  /** the export's progress, to drive the shell's export indicator */
  onExportState?(state: ExportState): void;
}

type SelectEnum = Map<string | number, { text: string }>;

/**
 * The generic list page (DESIGN §4): list, search, paging, add, edit, view,
 * delete and export, all derived from one ResourceDef. Buttons whose permission
 * code the user lacks are hidden; the server checks them anyway.
 */
export function ResourcePage({ def, fixedParams, reloadKey, exportable, onExportState }: ResourcePageProps) {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, def);
  const { t, i18n } = useTranslation(undefined, { i18n: host.i18n });
  const keys = resourceKeys(def);
  const api = useMemo(() => resourceApi(def, host.transport), [def, host.transport]);
  const { options: refOptions, reload: reloadRefOptions } = useRefOptions(def, host.transport);
  const { can } = host;
  const actionRef = useRef<ActionType>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ mode: FormMode; record?: AnyRecord } | null>(null);
  const [exporting, setExporting] = useState(false);
  // The filters of the last list call: what 导出 exports.
  const lastQuery = useRef<ListQuery | null>(null);
  const fixedRef = useRef(fixedParams);
  fixedRef.current = fixedParams;

  const confirmRemove = (ids: string[]) => {
    host.feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('crud.confirmDelete'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.remove(ids);
        void host.feedback().message.success(t('crud.deleted'));
        setSelected((current) => current.filter((key) => !ids.includes(String(key))));
        actionRef.current?.reload();
      },
    });
  };

  const removeSelected = () => {
    if (selected.length === 0) {
      void host.feedback().message.warning(t('crud.selectOne'));
      return;
    }
    confirmRemove(selected.map(String));
  };

  const openDialog = (next: { mode: FormMode; record?: AnyRecord }) => {
    reloadRefOptions();
    setDialog(next);
  };

  /** Edit and view show the stored record, not the possibly stale list row. */
  const openRecord = async (mode: FormMode, row: AnyRecord) => {
    const record = await api.detail(row.id).catch(() => undefined);
    if (!record) {
      void host.feedback().message.warning(t('crud.notFound'));
      return;
    }
    openDialog({ mode, record });
  };

  const exportList = async () => {
    if (exporting) return;
    setExporting(true);
    onExportState?.('processing');
    try {
      const query = lastQuery.current ?? toListQuery(def, {}, fixedRef.current);
      const file = await api.export(filtersOf(query));
      saveBlob(file.blob, exportFileName(t(keys.title), file.fileName));
      onExportState?.('success');
    } catch {
      // The host's transport has shown why (blobErrorText reads the envelope out of the Blob).
      onExportState?.('fail');
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<ProColumns<AnyRecord>[]>(() => {
    const yesNo: SelectEnum = new Map([
      [1, { text: t('crud.yes') }],
      [0, { text: t('crud.no') }],
    ]);
    const enumOf = (name: string, field: FieldDef): SelectEnum | undefined => {
      if (field.kind === 'switch') return yesNo;
      if (field.kind === 'ref') return new Map((refOptions[name] ?? []).map((o) => [o.id, { text: o.label }]));
      if (field.options) return new Map(field.options.map((o) => [o.value, { text: t(keys.option(name, o.value)) }]));
      return undefined;
    };
    const fieldColumns = Object.entries(def.fields)
      .filter(([, field]) => field.column !== false || field.search)
      .map(([name, field]): ProColumns<AnyRecord> => {
        const column: ProColumns<AnyRecord> = {
          title: t(keys.label(name)),
          dataIndex: name,
          valueType: VALUE_TYPES[field.kind],
          hideInTable: field.column === false,
          hideInSearch: !field.search,
          ellipsis: field.kind === 'text',
          valueEnum: enumOf(name, field),
          fieldProps: {
            placeholder: t(keys.label(name)),
            ...(field.kind === 'ref' ? { showSearch: true, optionFilterProp: 'label' } : {}),
            // 'in': several values, sent comma-joined
            ...(field.search === 'in' ? { mode: 'multiple', maxTagCount: 'responsive' } : {}),
          },
        };
        if (field.kind === 'image') {
          column.render = (_, row) => {
            const src = assetUrl(row[name] as string | undefined, host.apiBase);
            return src ? <Image src={src} width={40} height={40} style={{ objectFit: 'contain' }} alt="" /> : '-';
          };
        }
        return column;
      });
    const actions: ProColumns<AnyRecord> = {
      title: t('crud.actions'),
      valueType: 'option',
      width: 180,
      fixed: 'right',
      render: (_, row) =>
        [
          can(def.permissions.view) && (
            <a key="view" onClick={() => void openRecord('view', row)}>
              {t('crud.view')}
            </a>
          ),
          can(def.permissions.edit) && (
            <a key="edit" onClick={() => void openRecord('edit', row)}>
              {t('crud.edit')}
            </a>
          ),
          can(def.permissions.delete) && (
            <a key="delete" onClick={() => confirmRemove([row.id])}>
              {t('crud.delete')}
            </a>
          ),
        ].filter(Boolean),
    };
    return [...fieldColumns, actions];
    // i18n.language: labels are re-read when the language changes.
  }, [def, t, i18n.language, can, refOptions, host.apiBase]);

  // Not form fields: ProTable refetches (from page 1) when these change.
  const tableParams = useMemo(() => ({ __fixed: JSON.stringify(fixedParams ?? {}), __reload: reloadKey }), [fixedParams, reloadKey]);

  return (
    <>
      <ProTable<AnyRecord>
        rowKey="id"
        actionRef={actionRef}
        headerTitle={t(keys.title)}
        columns={columns}
        params={tableParams}
        form={{ name: `${def.name}-search` }}
        search={{ labelWidth: 'auto' }}
        request={async (params) => {
          const query = toListQuery(def, params, fixedRef.current);
          lastQuery.current = query;
          const page = await api.list(query);
          return { data: page.records, total: page.total, success: true };
        }}
        // The host's request client has already shown the failure.
        onRequestError={() => undefined}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
        rowSelection={can(def.permissions.delete) ? { selectedRowKeys: selected, onChange: setSelected } : false}
        options={{ density: false, setting: true, reload: true }}
        toolBarRender={() => [
          can(def.permissions.add) && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openDialog({ mode: 'add' })}>
              {t('crud.add')}
            </Button>
          ),
          can(def.permissions.delete) && (
            <Button key="remove" danger icon={<DeleteOutlined />} onClick={removeSelected}>
              {t('crud.delete')}
            </Button>
          ),
          exportable && (
            <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              {t('crud.export')}
            </Button>
          ),
        ]}
      />
      {dialog && (
        <ResourceForm
          def={def}
          mode={dialog.mode}
          record={dialog.record}
          refOptions={refOptions}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            actionRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
