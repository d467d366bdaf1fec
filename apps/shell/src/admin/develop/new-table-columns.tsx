import { Button, Input, InputNumber, Select, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { DESIGN_LIMITS, FIELD_TYPE_COMPONENTS, FIELD_TYPES, type FieldType, type ModelPrototype } from '@wb/contracts/resources/develop';

/**
 * The designer's rows for a model whose table does not exist yet (design first): each column's
 * name, type and length are chosen here, and a column can be added or removed. The key and the
 * tenant's column are the framework's: shown, never edited.
 */

/**
 * A row of the designer: the prototype, its own key (a new column's name changes as it is typed),
 * a new table's type, and whether the framework keeps the column (read once: typing a name the
 * framework keeps must not turn the row into one of its).
 */
export type DesignRow = ModelPrototype & { key: string; framework: boolean; fieldType?: FieldType; fieldLength?: number };

let next = 0;
/** A new column of the model, a string of the default length, listed and in the form. */
export const newRow = (modelId: string): DesignRow => ({
  key: `new-${++next}`,
  framework: false,
  id: '',
  modelId,
  jdbcName: '',
  jdbcType: '',
  jdbcComment: '',
  isNullable: 1,
  jdbcDefault: '',
  isPk: 0,
  propertyName: '',
  propertyType: '',
  componentType: FIELD_TYPE_COMPONENTS.varchar,
  dictCode: '',
  isList: 1,
  isForm: 1,
  isRequired: 0,
  isQuery: 0,
  queryType: '',
  sort: 0,
  fieldType: 'varchar',
  fieldLength: DESIGN_LIMITS.defaultLength,
});

interface Handlers {
  t: TFunction;
  change(key: string, patch: Partial<DesignRow>): void;
  remove(key: string): void;
}

/** The name, type and length columns that lead a new table's rows. */
export function newTableColumns({ t, change }: Handlers): TableColumnsType<DesignRow> {
  return [
    {
      title: t('develop.column'),
      dataIndex: 'jdbcName',
      width: 130,
      render: (_, row, index) =>
        row.framework ? (
          <Typography.Text code>{row.jdbcName}</Typography.Text>
        ) : (
          <Input
            size="small"
            aria-label={`${t('develop.column')} ${index + 1}`}
            placeholder="snake_case"
            value={row.jdbcName}
            maxLength={63}
            onChange={(e) => change(row.key, { jdbcName: e.target.value.trim() })}
          />
        ),
    },
    {
      title: t('develop.type'),
      dataIndex: 'fieldType',
      width: 120,
      render: (_, row) =>
        row.framework ? (
          <Typography.Text type="secondary">{row.jdbcType}</Typography.Text>
        ) : (
          <Select
            size="small"
            style={{ width: '100%' }}
            aria-label={`${row.jdbcName} ${t('develop.type')}`}
            value={row.fieldType}
            options={FIELD_TYPES.map((f) => ({ value: f, label: t(`develop.fieldTypes.${f}`) }))}
            // the component follows the type: the one a column of that type starts with
            onChange={(fieldType: FieldType) => change(row.key, { fieldType, componentType: FIELD_TYPE_COMPONENTS[fieldType] })}
          />
        ),
    },
    {
      title: t('develop.length'),
      dataIndex: 'fieldLength',
      width: 80,
      render: (_, row) =>
        row.framework ? null : (
          <InputNumber
            size="small"
            style={{ width: '100%' }}
            aria-label={`${row.jdbcName} ${t('develop.length')}`}
            min={1}
            max={DESIGN_LIMITS.maxLength}
            precision={0}
            disabled={row.fieldType !== 'varchar'}
            value={row.fieldType === 'varchar' ? row.fieldLength : undefined}
            onChange={(fieldLength) => change(row.key, { fieldLength: fieldLength ?? undefined })}
          />
        ),
    },
  ];
}

/** The column that removes a designed column (the framework's stay). */
export function removeColumn({ t, remove }: Handlers): TableColumnsType<DesignRow>[number] {
  return {
    key: 'remove',
    width: 40,
    align: 'center',
    render: (_, row) =>
      row.framework ? null : (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${row.jdbcName} ${t('develop.removeField')}`}
          title={t('develop.removeField')}
          onClick={() => remove(row.key)}
        />
      ),
  };
}
