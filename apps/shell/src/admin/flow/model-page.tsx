import { lazy, Suspense, useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import type { Page } from '@wb/contracts/envelope';
import { Alert, Button, Form, Modal, Select, Space, Spin, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { FLOW_CODES, type FlowModel } from '@wb/contracts/flow';
import { fetchTenantOptions, flowApi, flowCategoriesQuery } from '../../features/flow/api/flow-api';
import { flowChanged, useCan } from '../../features/flow/flow-refresh';
import { XmlChart } from '../../features/flow/viewer/flow-viewer';
import { feedback } from '../../shared/feedback';
import { useSession } from '../../shared/session-store';
import { FlowTable } from './flow-table';
import { useBusy } from '../../shared/use-busy';

// bpmn-js's Modeler with the panel: a chunk of its own, loaded when 新增 or 编辑 is clicked
const ModelDesigner = lazy(() => import('./modeler/model-designer'));

type Row = FlowModel & Record<string, unknown>;

/** 部署: the model's diagram becomes a process definition of a category (and, from the default tenant, of other tenants). */
function DeployDialog({ model, onClose }: { model: Row; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ category: string; tenantIds?: string[] }>();
  const { busy, run } = useBusy();
  const categories = useQuery(flowCategoriesQuery);
  const platform = useSession((s) => s.tenantId) === DEFAULT_TENANT_ID;
  const tenants = useQuery({ queryKey: ['flow', 'tenants'], queryFn: fetchTenantOptions, enabled: platform, staleTime: 5 * 60_000 });
  const submit = async () => {
    const values = await form.validateFields();
    if (!(await run(() => flowApi.modelDeploy({ modelId: model.id, category: values.category, ...(values.tenantIds?.length ? { tenantIds: values.tenantIds.join(',') } : {}) }))))
      return;
    void feedback().message.success(t('flow.deploy.deployed'));
    flowChanged();
    onClose();
  };
  return (
    <Modal
      open
      title={`${t('flow.deploy.title')} · ${model.name}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('flow.deploy.submit')}
      cancelText={t('flow.common.cancel')}
      okButtonProps={{ loading: busy }}
      className="wb-flow-deploy-dialog"
    >
      <Form form={form} name="flow-model-deploy" layout="vertical">
        <Form.Item name="category" label={t('flow.deploy.category')} rules={[{ required: true, message: t('flow.deploy.categoryRequired') }]}>
          <Select options={categories.data?.options ?? []} loading={categories.isPending} placeholder={t('flow.deploy.categoryRequired')} />
        </Form.Item>
        {platform && (
          <Form.Item name="tenantIds" label={t('flow.deploy.tenants')} extra={t('flow.deploy.tenantsHint')}>
            <Select mode="multiple" allowClear options={tenants.data ?? []} optionFilterProp="label" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 预览: the saved diagram. */
function PreviewDialog({ model, onClose }: { model: Row; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['flow', 'model', model.id], queryFn: () => flowApi.modelDetail(model.id) });
  return (
    <Modal open width={1100} title={`${t('flow.action.preview')} · ${model.name}`} footer={null} onCancel={onClose} className="wb-flow-preview-dialog">
      {detail.isPending ? <Spin /> : detail.data?.xml ? <XmlChart xml={detail.data.xml} /> : <Alert type="warning" showIcon message={t('flow.viewer.failed')} />}
    </Modal>
  );
}

/**
 * /flow/model 模型管理: the saved models; 新增 / 编辑 open the modeller (bpmn-js, lazily), 部署
 * makes a model a process definition, 预览 shows it, 删除 removes it. Buttons follow FLOW_CODES.
 */
export default function FlowModelPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [designing, setDesigning] = useState<{ model: FlowModel | null } | null>(null);
  const [deploying, setDeploying] = useState<Row | null>(null);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const edit = async (row: Row) => {
    setOpening(row.id);
    try {
      setDesigning({ model: await flowApi.modelDetail(row.id) });
    } catch {
      // shown by the request client
    } finally {
      setOpening(null);
    }
  };
  const remove = (row: Row) =>
    feedback().modal.confirm({
      title: t('flow.common.confirmTitle'),
      content: t('flow.common.confirmDelete'),
      okText: t('flow.common.ok'),
      cancelText: t('flow.common.cancel'),
      onOk: async () => {
        try {
          await flowApi.modelRemove([row.id]);
        } catch {
          return;
        }
        void feedback().message.success(t('flow.common.done'));
        flowChanged();
      },
    });

  const link = (key: string, label: string, onClick: () => void) => (
    <a key={key} className={`wb-flow-action wb-flow-action--${key}`} onClick={onClick}>
      {label}
    </a>
  );
  const columns: ProColumns<Row>[] = [
    { key: 'modelKey', dataIndex: 'modelKey', title: t('flow.col.modelKey'), search: false },
    { key: 'name', dataIndex: 'name', title: t('flow.col.modelName') },
    { key: 'description', dataIndex: 'description', title: t('flow.col.description'), search: false, ellipsis: true, render: (_, row) => row.description || '-' },
    { key: 'version', dataIndex: 'version', title: t('flow.col.version'), search: false, render: (_, row) => <Tag>v{row.version}</Tag> },
    { key: 'createTime', dataIndex: 'createTime', title: t('flow.col.createTime'), search: false },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('flow.col.updateTime'), search: false },
    {
      key: 'actions',
      title: t('flow.action.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          {can(FLOW_CODES.modelEdit) && link('edit', opening === row.id ? t('flow.common.loading') : t('flow.action.edit'), () => void edit(row))}
          {can(FLOW_CODES.modelDeploy) && link('deploy', t('flow.action.deploy'), () => setDeploying(row))}
          {link('preview', t('flow.action.preview'), () => setPreviewing(row))}
          {can(FLOW_CODES.modelDelete) && link('delete', t('flow.action.delete'), () => remove(row))}
        </Space>
      ),
    },
  ];

  return (
    <>
      <FlowTable<Row>
        name="model"
        title={t('flow.title.model')}
        rowKey="id"
        columns={columns}
        load={(query) => flowApi.modelList(query) as Promise<Page<Row>>}
        toolbar={
          can(FLOW_CODES.modelAdd)
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDesigning({ model: null })}>
                  {t('flow.action.add')}
                </Button>,
              ]
            : []
        }
      />
      {designing && (
        <Suspense fallback={null}>
          <ModelDesigner
            model={designing.model}
            onClose={() => setDesigning(null)}
            onSaved={() => {
              setDesigning(null);
              flowChanged();
            }}
          />
        </Suspense>
      )}
      {deploying && <DeployDialog model={deploying} onClose={() => setDeploying(null)} />}
      {previewing && <PreviewDialog model={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
