import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPONENT_TYPES, DESIGN_LIMITS, fieldTypeOf, keptByFramework, QUERY_TYPES, type PrototypeDesign } from '@wb/contracts/resources/develop';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { feedback } from '../../shared/feedback';
import { developApi } from './develop-api';
import { useBusy } from '../../shared/use-busy';
import { newRow, newTableColumns, removeColumn, type DesignRow } from './new-table-columns';

type Flag = 'isList' | 'isForm' | 'isRequired' | 'isQuery';
/** A new table's rows have four more columns: its dialog is wider, and a window narrower than it scrolls them. */
const NEW_TABLE_WIDTH = 1214;

/**
 * What is sent for a column: the designer's choices; the server reads the rest from the table
 * again. A new table's column also says its type and length, and its place.
 */
const designOf = (p: DesignRow, sort: number, isNew: boolean): PrototypeDesign => ({
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
  sort: isNew ? sort : p.sort,
  ...(isNew && !p.framework ? { fieldType: p.fieldType, fieldLength: p.fieldType === 'varchar' ? p.fieldLength : undefined } : {}),
});

/**
 * 设计: each column of the model's table in a row — its label, component, dictionary, and whether
 * it is listed, in the form, required and searched. The columns the framework keeps (key, tenant,
 * audit) cannot be shown. A model of this product's database whose table does not exist yet is
 * designed first: its columns are added here with their names, types and lengths, and the
 * generated migration creates the table. Saving sends the whole design; the server checks it
 * (against the table when there is one) and names the column it refuses.
 */
export function ModelDesigner({ model, onClose }: { model: AnyRecord; onClose(): void }) {
  const { t } = useTranslation();
  const loaded = useQuery({ queryKey: ['develop', 'design', model.id], queryFn: () => developApi.prototypes(model.id), retry: false, gcTime: 0 });
  // a model of this product's database whose table is not among its tables is designed first
  const own = !model.datasourceId;
  const tables = useQuery({ queryKey: ['develop', 'tables', ''], queryFn: () => developApi.tables(''), enabled: own, retry: false, gcTime: 0 });
  const isNew = own && !!tables.data && !tables.data.some((x) => x.name === model.modelTable);
  const [rows, setRows] = useState<DesignRow[] | null>(null);
  const { busy, run } = useBusy();
  useEffect(() => {
    if (loaded.data) setRows(loaded.data.map((p) => ({ ...p, key: p.jdbcName, framework: keptByFramework(p), ...fieldTypeOf(p.jdbcType) })));
  }, [loaded.data]);
  const ready = rows && (!own || tables.data);

  const change = (key: string, patch: Partial<DesignRow>) => setRows((all) => all && all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: string) => setRows((all) => all && all.filter((r) => r.key !== key));
  const designedCount = rows?.filter((r) => !r.framework).length ?? 0;
  const flag = (key: Flag, row: DesignRow, disabled = false) => (
    <Checkbox
      aria-label={`${row.jdbcName} ${t(`develop.${key === 'isList' ? 'listed' : key === 'isForm' ? 'form' : key === 'isRequired' ? 'required' : 'searched'}`)}`}
      checked={row[key] === 1}
      disabled={disabled || row.framework}
      onChange={(e) => change(row.key, { [key]: e.target.checked ? 1 : 0 })}
    />
  );

  /** A real table's column: its name and type as the catalogue says. */
  const catalogueColumn: TableColumnsType<DesignRow>[number] = {
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
  };
  const columns: TableColumnsType<DesignRow> = [
    ...(isNew ? newTableColumns({ t, change, remove }) : [catalogueColumn]),
    {
      title: t('develop.label'),
      dataIndex: 'jdbcComment',
      render: (_, row) => (
        <Input
          size="small"
          aria-label={`${row.jdbcName} ${t('develop.label')}`}
          value={row.jdbcComment}
          maxLength={255}
          onChange={(e) => change(row.key, { jdbcComment: e.target.value })}
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
          disabled={row.framework}
          options={COMPONENT_TYPES.map((c) => ({ value: c, label: t(`develop.components.${c}`) }))}
          onChange={(componentType) => change(row.key, { componentType })}
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
          onChange={(e) => change(row.key, { dictCode: e.target.value })}
        />
      ),
    },
    { title: t('develop.listed'), width: 70, align: 'center', render: (_, row) => flag('isList', row) },
    { title: t('develop.form'), width: 70, align: 'center', render: (_, row) => flag('isForm', row) },
    { title: t('develop.required'), width: 84, align: 'center', render: (_, row) => flag('isRequired', row, row.isForm !== 1) },
    { title: t('develop.searched'), width: 70, align: 'center', render: (_, row) => flag('isQuery', row) },
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
          onChange={(queryType) => change(row.key, { queryType: queryType ?? '' })}
        />
      ),
    },
    ...(isNew ? [removeColumn({ t, change, remove })] : []),
  ];

  const save = async () => {
    if (!rows) return;
    // a refused column is shown by the request client, with why
    if (!(await run(() => developApi.saveDesign(rows.map((r, i) => designOf(r, i + 1, isNew)))))) return;
    void feedback().message.success(t('develop.saved'));
    onClose();
  };

  return (
    <Modal
      open
      width={isNew ? NEW_TABLE_WIDTH + 50 : 1180}
      title={`${t('develop.designTitle')} · ${String(model.modelName)} (${String(model.modelTable)})`}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('develop.save')}
      okButtonProps={{ loading: busy, disabled: !ready }}
      maskClosable={false}
      className="wb-develop-designer"
    >
      <Alert type="info" showIcon message={t(isNew ? 'develop.newTableHint' : 'develop.designHint')} style={{ marginBottom: 12 }} />
      {isNew && (
        <Button
          icon={<PlusOutlined />}
          size="small"
          style={{ marginBottom: 8 }}
          disabled={designedCount >= DESIGN_LIMITS.fields}
          onClick={() => setRows((all) => all && [...all, newRow(String(model.id))])}
        >
          {t('develop.addField')}
        </Button>
      )}
      {ready ? (
        <Table<DesignRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: isNew ? NEW_TABLE_WIDTH : undefined, y: 480 }} />
      ) : loaded.isError || tables.isError ? null : (
        <Spin />
      )}
    </Modal>
  );
}
