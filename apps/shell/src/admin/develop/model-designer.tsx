import { useEffect, useState } from 'react';
import { Alert, Checkbox, Input, Modal, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPONENT_TYPES, keptByFramework, QUERY_TYPES, type ModelPrototype, type PrototypeDesign } from '@wb/contracts/resources/develop';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { feedback } from '../../shared/feedback';
import { developApi } from './develop-api';
import { useBusy } from '../../shared/use-busy';

type Flag = 'isList' | 'isForm' | 'isRequired' | 'isQuery';

/** What is sent for a column: the designer's choices; the server reads the rest from the table again. */
const designOf = (p: ModelPrototype): PrototypeDesign => ({
  id: p.id,
  modelId: p.modelId,
  jdbcName: p.jdbcName,
  jdbcComment: p.jdbcComment,
  componentType: p.componentType,
  dictCode: p.dictCode,
  isList: p.isList,
  isForm: p.isForm,
  isRequired: p.isRequired,
  isQuery: p.isQuery,
  queryType: p.queryType,
  sort: p.sort,
});

/**
 * 设计: each column of the model's table in a row — its label, component, dictionary, and whether
 * it is listed, in the form, required and searched. The columns the framework keeps (key, tenant,
 * audit) cannot be shown. Saving sends the whole design; the server checks it against the table
 * and names the column it refuses.
 */
export function ModelDesigner({ model, onClose }: { model: AnyRecord; onClose(): void }) {
  const { t } = useTranslation();
  const loaded = useQuery({ queryKey: ['develop', 'design', model.id], queryFn: () => developApi.prototypes(model.id), retry: false, gcTime: 0 });
  const [rows, setRows] = useState<ModelPrototype[] | null>(null);
  const { busy, run } = useBusy();
  useEffect(() => {
    if (loaded.data) setRows(loaded.data);
  }, [loaded.data]);

  const change = (name: string, patch: Partial<ModelPrototype>) => setRows((all) => all && all.map((r) => (r.jdbcName === name ? { ...r, ...patch } : r)));
  const flag = (key: Flag, row: ModelPrototype, disabled = false) => (
    <Checkbox
      aria-label={`${row.jdbcName} ${t(`develop.${key === 'isList' ? 'listed' : key === 'isForm' ? 'form' : key === 'isRequired' ? 'required' : 'searched'}`)}`}
      checked={row[key] === 1}
      disabled={disabled || keptByFramework(row)}
      onChange={(e) => change(row.jdbcName, { [key]: e.target.checked ? 1 : 0 })}
    />
  );

  const columns: TableColumnsType<ModelPrototype> = [
    {
      title: t('develop.column'),
      dataIndex: 'jdbcName',
      width: 190,
      render: (_, row) => (
        <>
          <Typography.Text code>{row.jdbcName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{row.jdbcType}</Typography.Text>
        </>
      ),
    },
    {
      title: t('develop.label'),
      dataIndex: 'jdbcComment',
      render: (_, row) => (
        <Input
          size="small"
          aria-label={`${row.jdbcName} ${t('develop.label')}`}
          value={row.jdbcComment}
          maxLength={255}
          onChange={(e) => change(row.jdbcName, { jdbcComment: e.target.value })}
        />
      ),
    },
    {
      title: t('develop.component'),
      dataIndex: 'componentType',
      width: 130,
      render: (_, row) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          aria-label={`${row.jdbcName} ${t('develop.component')}`}
          value={row.componentType}
          disabled={keptByFramework(row)}
          options={COMPONENT_TYPES.map((c) => ({ value: c, label: t(`develop.components.${c}`) }))}
          onChange={(componentType) => change(row.jdbcName, { componentType })}
        />
      ),
    },
    {
      title: t('develop.dictCode'),
      dataIndex: 'dictCode',
      width: 130,
      render: (_, row) => (
        <Input
          size="small"
          aria-label={`${row.jdbcName} ${t('develop.dictCode')}`}
          value={row.dictCode}
          maxLength={64}
          disabled={row.componentType !== 'select'}
          onChange={(e) => change(row.jdbcName, { dictCode: e.target.value })}
        />
      ),
    },
    { title: t('develop.listed'), width: 60, align: 'center', render: (_, row) => flag('isList', row) },
    { title: t('develop.form'), width: 60, align: 'center', render: (_, row) => flag('isForm', row) },
    { title: t('develop.required'), width: 60, align: 'center', render: (_, row) => flag('isRequired', row, row.isForm !== 1) },
    { title: t('develop.searched'), width: 60, align: 'center', render: (_, row) => flag('isQuery', row) },
    {
      title: t('develop.queryType'),
      dataIndex: 'queryType',
      width: 110,
      render: (_, row) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          aria-label={`${row.jdbcName} ${t('develop.queryType')}`}
          value={row.queryType || undefined}
          allowClear
          disabled={row.isQuery !== 1}
          options={QUERY_TYPES.map((q) => ({ value: q, label: t(`develop.queries.${q}`) }))}
          onChange={(queryType) => change(row.jdbcName, { queryType: queryType ?? '' })}
        />
      ),
    },
  ];

  const save = async () => {
    if (!rows) return;
    // a refused column is shown by the request client, with why
    if (!(await run(() => developApi.saveDesign(rows.map(designOf))))) return;
    void feedback().message.success(t('develop.saved'));
    onClose();
  };

  return (
    <Modal
      open
      width={1180}
      title={`${t('develop.designTitle')} · ${String(model.modelName)} (${String(model.modelTable)})`}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('develop.save')}
      okButtonProps={{ loading: busy, disabled: !rows }}
      maskClosable={false}
      className="wb-develop-designer"
    >
      <Alert type="info" showIcon message={t('develop.designHint')} style={{ marginBottom: 12 }} />
      {rows ? <Table<ModelPrototype> rowKey="jdbcName" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ y: 480 }} /> : loaded.isError ? null : <Spin />}
    </Modal>
  );
}
