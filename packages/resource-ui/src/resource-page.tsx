import { useMemo, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, theme } from 'antd';
import { BarChartOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { labelFieldOf } from '@wb/contracts/resource';
import { reportResource } from '@wb/contracts/resources/report';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@wb/contracts/constants';
import { fieldColumns, type ColumnOverrides } from './columns';
import { useFieldOptions } from './field-options';
import { ImportDialog } from './import-dialog';
import { fromParent } from './form-values';
import { useResourceHost } from './host';
import { linksWidth } from './links-width';
import { toListQuery, type ListQuery, type TableSort } from './list-query';
import { useResourceActions } from './resource-actions';
import { resourceApi, type AnyRecord } from './resource-api';
import { ResourceForm, type FormMode } from './resource-form';
import { SaveReportDialog } from './save-report-dialog';
import { registerResourceI18n, resourceKeys } from './resource-i18n';
import type { ResourceDialog, ResourcePageProps, ResourceWrite } from './resource-page-props';
import { useTableSettings } from './table-settings';
import { useKeyboardScroll } from './keyboard-scroll';
import { scrollParent } from './scroll-parent';
import { rowSelectionNames } from './selection-names';
import { useTreeRows } from './tree-rows';
import { useExport } from './use-export';
import { useImport } from './use-import';
import './resource-page.css';

export type { ColumnOverrides, ResourceDialog, ResourcePageProps, ResourceWrite };

/**
 * The generic list page: list, search, paging, add, edit, view, delete, export
 * and the def's own actions, all derived from one ResourceDef. A tree def's
 * rows expand level by level. Buttons whose permission code the user lacks are
 * hidden; the server checks them anyway.
 */
export function ResourcePage(props: ResourcePageProps) {
  const { def, fixedParams, params, reloadKey, exportable, onExportState, parentRecord, onChanged } = props;
  const host = useResourceHost();
  registerResourceI18n(host.i18n, def);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const keys = resourceKeys(def);
  const labelField = labelFieldOf(def);
  const api = useMemo(() => resourceApi(def, host.transport), [def, host.transport]);
  const options = useFieldOptions(def.fields, host.transport);
  const tree = useTreeRows(api);
  const isTree = Boolean(def.tree);
  // a read-only resource (a log, an outbox) is only read here, whatever buttons the role holds;
  // one whose records are made elsewhere (attachments, by uploads) is not added here
  const writes = new Set(def.readOnly ? [def.permissions.add, def.permissions.edit, def.permissions.delete] : def.noAdd ? [def.permissions.add] : []);
  const can = (code: string) => !writes.has(code) && host.can(code);
  const actionRef = useRef<ActionType>();
  const settings = useTableSettings(host.userKey, def.name);
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<Key[]>([]);
  const [savingReport, setSavingReport] = useState(false);
  // what the page scrolls in: the table's sticky header and horizontal scrollbar stay on screen there
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null);
  // a table that scrolls with nothing in it to tab to is scrolled from the keyboard itself
  const box = useRef<HTMLDivElement | null>(null);
  useKeyboardScroll(box, props.headerTitle && typeof props.headerTitle === 'string' ? props.headerTitle : t(keys.title));
  // any flat list the user may save as a report (a report of reports says nothing)
  const reportable = !isTree && def.name !== reportResource.name && host.can(reportResource.permissions.add);
  const [dialog, setDialog] = useState<{ mode: FormMode; record?: AnyRecord; preset?: Record<string, unknown> } | null>(null);
  // A child def waits for its parent: no list call, no 新增.
  const waiting = Boolean(def.parent) && parentRecord === null;
  const parentFilter = def.parent && parentRecord ? { [def.parent.field]: parentRecord.id } : {};
  // Everything sent besides the search form, and whether to ask at all: read by the request from refs,
  // since ProTable may still run a request it was given by an earlier render.
  const extra = useRef<Record<string, string | number | undefined>>({});
  extra.current = { ...params, ...parentFilter, ...fixedParams };
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  // The filters of the last list call: what 导出 exports.
  const lastQuery = useRef<ListQuery | null>(null);

  const written = (write: ResourceWrite) => {
    actionRef.current?.reload();
    onChanged?.(write);
  };

  const exporter = useExport({
    api,
    // the chosen rows when there are some, else what the table's filters match
    query: () => (selected.length ? { ...extra.current, ids: selected.map(String).join(',') } : (lastQuery.current ?? toListQuery(def, {}, extra.current))) as ListQuery,
    onExportState,
    onQueued: () => void host.feedback().message.success(t('crud.exportQueued')),
  });
  const importer = useImport({ api, host, t, onExportState, onImported: () => written({ kind: 'import', ids: [] }) });
  const importable = def.importable !== undefined && can(def.importable.permission);
  const actions = useResourceActions({ def, api, host, keys, t, selected: selected.map(String), onDone: (ids) => written({ kind: 'action', ids }) });

  const confirmRemove = (ids: string[]) => {
    host.feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('crud.confirmDelete'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await api.remove(ids);
        } catch {
          // the host's request client has shown why
          return;
        }
        void host.feedback().message.success(t('crud.deleted'));
        setSelected((current) => current.filter((key) => !ids.includes(String(key))));
        written({ kind: 'delete', ids });
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

  const openDialog = (next: { mode: FormMode; record?: AnyRecord; preset?: Record<string, unknown> }) => {
    options.reload();
    setDialog(next);
  };

  const openAdd = (preset?: Record<string, unknown>) => openDialog({ mode: 'add', preset: { ...props.newRecord, ...(parentRecord ? fromParent(def, parentRecord) : {}), ...preset } });

  /** Edit and view show the stored record, not the possibly stale list row. */
  const openRecord = async (mode: FormMode, row: AnyRecord) => {
    const record = await api.detail(row.id).catch(() => undefined);
    if (!record) {
      void host.feedback().message.warning(t('crud.notFound'));
      return;
    }
    openDialog({ mode, record });
  };

  const rowLinks = (row: AnyRecord): ReactNode[] =>
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
      isTree && can(def.permissions.add) && (
        <a key="add-child" onClick={() => openAdd({ [def.tree!.parentField]: row.id })}>
          {t('crud.addChild')}
        </a>
      ),
      ...actions.rowLinks(row),
      ...(props.rowActions?.(row) ?? []),
    ].filter(Boolean);

  const columns: ProColumns<AnyRecord>[] = [
    ...fieldColumns({ def, keys, t, options, apiBase: host.apiBase, overrides: props.columns }),
    {
      key: 'actions',
      title: t('crud.actions'),
      valueType: 'option',
      width: linksWidth(
        [
          ...(['view', 'edit', 'delete'] as const).filter((verb) => can(def.permissions[verb])).map((verb) => t(`crud.${verb}`)),
          ...(isTree && can(def.permissions.add) ? [t('crud.addChild')] : []),
          ...actions.rowLabels,
        ],
        props.rowActionLabels,
      ),
      fixed: 'right',
      render: (_, row) => rowLinks(row),
    },
  ];

  // the open dialog as the generic form, or the page's own (props.form), takes it
  const shown: ResourceDialog | null = dialog && {
    mode: dialog.mode,
    record: dialog.record,
    onClose: () => setDialog(null),
    onSaved: (record) => {
      setDialog(null);
      written(dialog.mode === 'add' ? { kind: 'add', ids: [], record } : { kind: 'edit', ids: dialog.record ? [dialog.record.id] : [], record });
    },
  };

  // Not form fields: ProTable refetches (from page 1) when these change.
  const extraKey = JSON.stringify(extra.current);
  const tableParams = useMemo(() => ({ __extra: extraKey, __reload: reloadKey, __waiting: waiting }), [extraKey, reloadKey, waiting]);
  // rows are chosen to remove them, for an action, or to export only them
  const selects = can(def.permissions.delete) || actions.selects || Boolean(exportable);

  const list = (
    <ProTable<AnyRecord>
      rowKey="id"
      actionRef={actionRef}
      headerTitle={props.headerTitle ?? t(keys.title)}
      columns={columns}
      params={tableParams}
      form={{ name: `${def.name}-search` }}
      // no search form where no field is searched (a report's fixed filters)
      search={Object.values(def.fields).some((f) => f.search) ? { labelWidth: 'auto' } : false}
      onReset={props.onReset}
      request={async (formParams, sort) => {
        if (waitingRef.current) return { data: [], total: 0, success: true };
        const query = toListQuery(def, formParams, extra.current, isTree ? undefined : (sort as TableSort));
        lastQuery.current = query;
        if (isTree) return { ...(await tree.request(query)), success: true };
        const page = await api.list(query);
        return { data: page.records, total: page.total, success: true };
      }}
      {...(isTree ? tree.tableProps : {})}
      // The host's request client has already shown the failure.
      onRequestError={() => undefined}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
      rowSelection={selects ? { selectedRowKeys: selected, onChange: setSelected, ...rowSelectionNames<AnyRecord>(t, (row) => row[labelField]) } : false}
      onRow={props.onRowClick ? (row) => ({ onClick: () => props.onRowClick?.(row), style: { cursor: 'pointer' } }) : undefined}
      // antd's own look of a selected row marks the chosen one (a parent whose children are listed)
      rowClassName={(row) => (props.activeRowKey !== undefined && row.id === props.activeRowKey ? 'ant-table-row-selected' : '')}
      // columns keep their width and the table scrolls sideways, rather than squeezing a column to a letter a line;
      // the scrollbar sticks to the bottom of the view, so columns under the fixed 操作 column are reachable
      // without first scrolling down past the last row
      scroll={{ x: 'max-content' }}
      sticky={scroller ? { getContainer: () => scroller } : undefined}
      options={{ density: true, setting: true, reload: true }}
      // density and columns kept per user and resource
      size={settings.size}
      onSizeChange={settings.onSizeChange}
      columnsState={settings.columnsState}
      toolBarRender={() => [
        can(def.permissions.add) && (
          <Button key="add" type="primary" icon={<PlusOutlined />} disabled={waiting} onClick={() => openAdd()}>
            {t('crud.add')}
          </Button>
        ),
        can(def.permissions.delete) && (
          <Button key="remove" danger icon={<DeleteOutlined />} onClick={removeSelected}>
            {t('crud.delete')}
          </Button>
        ),
        ...actions.toolbar,
        ...(props.toolbar ?? []),
        importable && (
          <Button key="import" icon={<UploadOutlined />} onClick={importer.show}>
            {t('crud.import')}
          </Button>
        ),
        reportable && (
          <Button key="report" icon={<BarChartOutlined />} onClick={() => setSavingReport(true)}>
            {t('crud.saveReport')}
          </Button>
        ),
        exportable && (
          <Button key="export" icon={<DownloadOutlined />} loading={exporter.exporting} onClick={() => void exporter.run()}>
            {selected.length ? t('crud.exportSelected', { count: selected.length }) : t('crud.export')}
          </Button>
        ),
      ]}
    />
  );
  const table = (
    <div
      className="wb-resource-table"
      style={{ '--wb-link': token.colorLink } as CSSProperties}
      ref={(node) => {
        box.current = node;
        setScroller((old) => old ?? (node ? scrollParent(node) : null));
      }}
    >
      {list}
    </div>
  );

  return (
    <>
      {props.side ? (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <div style={{ flex: 'none' }}>{props.side}</div>
          <div style={{ flex: 1, minWidth: 0 }}>{table}</div>
        </div>
      ) : (
        table
      )}
      {dialog && shown && (props.form ? props.form(shown) : <ResourceForm def={def} preset={dialog.preset} options={options} {...shown} />)}
      {actions.dialog}
      {savingReport && <SaveReportDialog def={def} keys={keys} query={lastQuery.current ?? toListQuery(def, {}, extra.current)} t={t} onClose={() => setSavingReport(false)} />}
      {importer.open && <ImportDialog def={def} api={api} title={t(keys.title)} t={t} send={importer.send} onClose={importer.close} />}
    </>
  );
}
