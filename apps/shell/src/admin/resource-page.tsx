import { useMemo, useRef, useState, type Key } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@wb/contracts/constants';
import type { FieldDef } from '@wb/contracts/resource';
import { feedback } from '../shared/feedback';
import { useSession } from '../shared/session-store';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { registerResourceI18n, resourceKeys } from './resource-i18n';
import { toListQuery } from './list-query';
import { ResourceForm, type FormMode } from './resource-form';

const VALUE_TYPES: Record<FieldDef['kind'], ProColumns['valueType']> = {
  string: 'text',
  text: 'textarea',
  number: 'digit',
  select: 'select',
};

/**
 * The generic admin list page (DESIGN §4): list, search, paging, add, edit,
 * view and delete, all derived from one ResourceDef. Buttons whose permission
 * code the user lacks are hidden; the server checks them anyway.
 */
export function ResourcePage({ def }: { def: AnyResourceDef }) {
  registerResourceI18n(def);
  const { t, i18n } = useTranslation();
  const keys = resourceKeys(def);
  const api = useMemo(() => resourceApi(def), [def]);
  const permission = useSession((s) => s.permission);
  const can = (code: string) => permission[code] === true;
  const actionRef = useRef<ActionType>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ mode: FormMode; record?: AnyRecord } | null>(null);

  const confirmRemove = (ids: string[]) => {
    feedback().modal.confirm({
      title: t('common.confirmTitle'),
      content: t('crud.confirmDelete'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.remove(ids);
        void feedback().message.success(t('crud.deleted'));
        setSelected((keys) => keys.filter((key) => !ids.includes(String(key))));
        actionRef.current?.reload();
      },
    });
  };

  const removeSelected = () => {
    if (selected.length === 0) {
      void feedback().message.warning(t('crud.selectOne'));
      return;
    }
    confirmRemove(selected.map(String));
  };

  /** Edit and view show the stored record, not the possibly stale list row. */
  const openRecord = async (mode: FormMode, row: AnyRecord) => {
    const record = await api.detail(row.id).catch(() => undefined);
    if (!record) {
      void feedback().message.warning(t('crud.notFound'));
      return;
    }
    setDialog({ mode, record });
  };

  const columns = useMemo<ProColumns<AnyRecord>[]>(() => {
    const fieldColumns = Object.entries(def.fields)
      .filter(([, field]) => field.column !== false || field.search)
      .map(
        ([name, field]): ProColumns<AnyRecord> => ({
          title: t(keys.label(name)),
          dataIndex: name,
          valueType: VALUE_TYPES[field.kind],
          hideInTable: field.column === false,
          hideInSearch: !field.search,
          ellipsis: field.kind === 'text',
          valueEnum: field.options
            ? Object.fromEntries(field.options.map((o) => [o.value, { text: t(keys.option(name, o.value)) }]))
            : undefined,
          fieldProps: { placeholder: t(keys.label(name)) },
        }),
      );
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
  }, [def, t, i18n.language, permission]);

  return (
    <>
      <ProTable<AnyRecord>
        rowKey="id"
        actionRef={actionRef}
        headerTitle={t(keys.title)}
        columns={columns}
        form={{ name: `${def.name}-search` }}
        search={{ labelWidth: 'auto' }}
        request={async (params) => {
          const page = await api.list(toListQuery(def, params));
          return { data: page.records, total: page.total, success: true };
        }}
        // The request client has already shown the failure.
        onRequestError={() => undefined}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
        rowSelection={can(def.permissions.delete) ? { selectedRowKeys: selected, onChange: setSelected } : false}
        options={{ density: false, setting: true, reload: true }}
        toolBarRender={() => [
          can(def.permissions.add) && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
              {t('crud.add')}
            </Button>
          ),
          can(def.permissions.delete) && (
            <Button key="remove" danger icon={<DeleteOutlined />} onClick={removeSelected}>
              {t('crud.delete')}
            </Button>
          ),
        ]}
      />
      {dialog && (
        <ResourceForm
          def={def}
          mode={dialog.mode}
          record={dialog.record}
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
