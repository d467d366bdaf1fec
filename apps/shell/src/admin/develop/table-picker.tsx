import { Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { feedback } from '../../shared/feedback';
import { developApi } from './develop-api';
import { useBusy } from '../../shared/use-busy';

interface Values {
  datasourceId: string;
  modelTable: string;
  modelName: string;
  modelCode: string;
}

/** 'biz_notice_board' → 'bizNoticeBoard': a model code the server takes. */
const codeOf = (table: string) =>
  table
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())
    .replace(/^[^a-z]+/, '');

/**
 * 选择表: a new model from a table of a datasource (none: this product's database), listed from
 * the database's own catalogue with its comments; the table's comment starts the model's name.
 */
export function TablePicker({ onClose, onCreated }: { onClose(): void; onCreated(model: AnyRecord): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();
  const datasourceId = Form.useWatch('datasourceId', form) ?? '';
  const datasources = useQuery({ queryKey: ['develop', 'datasources'], queryFn: developApi.datasources, staleTime: 60_000 });
  const tables = useQuery({ queryKey: ['develop', 'tables', datasourceId], queryFn: () => developApi.tables(datasourceId), retry: false, gcTime: 0 });

  const picked = (name: string) => {
    const table = tables.data?.find((x) => x.name === name);
    form.setFieldsValue({ modelName: table?.comment || name, modelCode: codeOf(name) });
  };
  const submit = async () => {
    const values = await form.validateFields();
    // a refusal (a code taken, a table gone) is shown by the request client
    await run(async () => {
      const model = await developApi.addModel(values as unknown as Record<string, unknown>);
      void feedback().message.success(t('develop.created'));
      onCreated(model);
    });
  };

  return (
    <Modal
      open
      title={t('develop.pickTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: busy }}
      okText={t('develop.save')}
      className="wb-develop-table-picker"
    >
      <Form form={form} name="develop-table-picker" layout="vertical" initialValues={{ datasourceId: '' }}>
        <Form.Item name="datasourceId" label={t('develop.datasource')}>
          <Select
            options={[{ value: '', label: t('develop.ownDatabase') }, ...(datasources.data ?? []).map((d) => ({ value: d.id, label: d.label }))]}
            onChange={() => form.setFieldsValue({ modelTable: undefined })}
          />
        </Form.Item>
        <Form.Item name="modelTable" label={t('develop.table')} rules={[{ required: true, message: t('develop.tableRequired') }]}>
          <Select
            showSearch
            loading={tables.isFetching}
            optionFilterProp="label"
            placeholder={t('develop.tableRequired')}
            options={(tables.data ?? []).map((x) => ({ value: x.name, label: x.comment ? `${x.name} (${x.comment})` : x.name }))}
            onChange={picked}
          />
        </Form.Item>
        <Form.Item name="modelName" label={t('develop.modelName')} rules={[{ required: true, message: t('develop.modelNameRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="modelCode" label={t('develop.modelCode')} extra={t('develop.modelCodeHint')} rules={[{ required: true, message: t('develop.modelCodeRequired') }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
