import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import type { Page } from '@wb/contracts/envelope';
import { Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_CODES, type FlowExecution } from '@wb/contracts/flow';
import { flowApi } from '../../features/flow/api/flow-api';
import { flowChanged, useCan } from '../../features/flow/flow-refresh';
import { FlowViewerDialog } from '../../features/flow/viewer/flow-viewer';
import { feedback } from '../../shared/feedback';
import { FlowTable } from './flow-table';
import { useBusy } from '../../shared/use-busy';

type Row = FlowExecution & Record<string, unknown>;

/** 删除: a running instance ends with the reason given (required). */
function DeleteInstanceDialog({ row, onClose, onDeleted }: { row: Row; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const { busy, run } = useBusy();
  const submit = async () => {
    const { deleteReason } = await form.validateFields();
    if (!(await run(() => flowApi.followDeleteInstance({ processInstanceId: row.processInstanceId, deleteReason: deleteReason.trim() })))) return;
    void feedback().message.success(t('flow.common.done'));
    onDeleted();
  };
  return (
    <Modal
      open
      title={`${t('flow.follow.deleteTitle')} · ${row.processDefinitionName}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ danger: true, loading: busy }}
      okText={t('flow.action.delete')}
      cancelText={t('flow.common.cancel')}
      className="wb-flow-delete-instance"
    >
      <Form form={form} layout="vertical" name="flow-delete-instance">
        <Form.Item name="deleteReason" label={t('flow.follow.deleteReason')} rules={[{ required: true, whitespace: true, message: t('flow.msg.deleteReason') }]}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('flow.msg.deleteReason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /flow/follow 流程跟踪: the running instances, their diagrams, and their deletion with a reason; an
 * instance the engine ended as failed (a loop that never waited) shows why where its current step would be.
 */
export default function FlowFollowPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [viewing, setViewing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const columns: ProColumns<Row>[] = [
    { key: 'processDefinitionKey', dataIndex: 'processDefinitionKey', title: t('flow.col.processKey') },
    { key: 'processDefinitionName', dataIndex: 'processDefinitionName', title: t('flow.col.processName'), search: false },
    { key: 'version', dataIndex: 'processDefinitionVersion', title: t('flow.col.version'), search: false, render: (_, row) => <Tag>v{row.processDefinitionVersion}</Tag> },
    {
      key: 'currentTaskName',
      dataIndex: 'currentTaskName',
      title: t('flow.col.currentTask'),
      search: false,
      render: (_, row) => (row.failure ? <Typography.Text type="danger">{row.failure}</Typography.Text> : row.currentTaskName || '-'),
    },
    { key: 'startUser', dataIndex: 'startUser', title: t('flow.col.startUser'), search: false },
    { key: 'startTime', dataIndex: 'startTime', title: t('flow.col.startTime'), search: false },
    { key: 'processInstanceId', dataIndex: 'processInstanceId', title: t('flow.col.instanceId'), search: false, copyable: true },
    {
      key: 'actions',
      title: t('flow.action.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          <a className="wb-flow-action wb-flow-action--diagram" onClick={() => setViewing(row)}>
            {t('flow.action.diagram')}
          </a>
          {can(FLOW_CODES.followDelete) && (
            <a className="wb-flow-action wb-flow-action--delete" onClick={() => setDeleting(row)}>
              {t('flow.action.delete')}
            </a>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <FlowTable<Row> name="follow" title={t('flow.title.follow')} rowKey="processInstanceId" columns={columns} load={(query) => flowApi.followList(query) as Promise<Page<Row>>} />
      {viewing && <FlowViewerDialog target={{ processInstanceId: viewing.processInstanceId }} title={viewing.processDefinitionName} onClose={() => setViewing(null)} />}
      {deleting && (
        <DeleteInstanceDialog
          row={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            flowChanged();
          }}
        />
      )}
    </>
  );
}
