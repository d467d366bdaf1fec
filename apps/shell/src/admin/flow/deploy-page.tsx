import { Button, Card, Form, Select, Upload, type UploadFile } from 'antd';
import { FormSelect } from '../../shared/ui/form-select';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { fetchTenantOptions, flowApi, flowCategoriesQuery } from '../../features/flow/api/flow-api';
import { flowChanged } from '../../features/flow/flow-refresh';
import { feedback } from '../../shared/feedback';
import { useSession } from '../../shared/session-store';
import '../../features/flow/flow-texts';
import { useBusy } from '../../shared/use-busy';

interface Values {
  category: string;
  tenantIds?: string[];
  files: UploadFile[];
}

const BPMN_FILE = /\.(bpmn|xml)$/i;

/**
 * /flow/deploy 流程部署: .bpmn/.xml files deployed under a category (the `flow` dictionary); the
 * default tenant may deploy them to other tenants (tenantIds), multipart deploy-upload.
 */
export default function FlowDeployPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();
  const categories = useQuery(flowCategoriesQuery);
  const platform = useSession((s) => s.tenantId) === DEFAULT_TENANT_ID;
  const tenants = useQuery({ queryKey: ['flow', 'tenants'], queryFn: fetchTenantOptions, enabled: platform, staleTime: 5 * 60_000 });

  const submit = async (values: Values) => {
    const body = new FormData();
    body.append('category', values.category);
    if (values.tenantIds?.length) body.append('tenantIds', values.tenantIds.join(','));
    for (const file of values.files) if (file.originFileObj) body.append('files', file.originFileObj, file.name);
    if (!(await run(() => flowApi.managerDeployUpload(body)))) return;
    void feedback().message.success(t('flow.deploy.deployed'));
    form.resetFields();
    flowChanged();
  };

  return (
    <Card title={t('flow.title.deploy')} className="wb-flow-page wb-flow-deploy">
      <Form<Values> form={form} name="flow-deploy" layout="horizontal" labelCol={{ flex: '120px' }} style={{ maxWidth: 640 }} onFinish={(values) => void submit(values)}>
        <Form.Item name="category" label={t('flow.deploy.category')} rules={[{ required: true, message: t('flow.deploy.categoryRequired') }]}>
          <FormSelect options={categories.data?.options ?? []} loading={categories.isPending} placeholder={t('flow.deploy.categoryRequired')} />
        </Form.Item>
        {platform && (
          <Form.Item name="tenantIds" label={t('flow.deploy.tenants')} extra={t('flow.deploy.tenantsHint')}>
            <Select mode="multiple" allowClear options={tenants.data ?? []} loading={tenants.isPending} optionFilterProp="label" />
          </Form.Item>
        )}
        <Form.Item
          name="files"
          label={t('flow.deploy.files')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
          rules={[
            { required: true, type: 'array', min: 1, message: t('flow.deploy.filesRequired') },
            {
              validator: async (_, files: UploadFile[] | undefined) =>
                (files ?? []).every((f) => BPMN_FILE.test(f.name)) ? undefined : Promise.reject(new Error(t('flow.deploy.fileType'))),
            },
          ]}
        >
          <Upload multiple accept=".bpmn,.xml" beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>{t('flow.deploy.pick')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('flow.deploy.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
