import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BladeFlow } from '@wb/contracts/flow';
import { feedback } from '../../shared/feedback';
import { flowApi } from './api/flow-api';
import { flowChanged } from './flow-refresh';
import { FlowViewer } from './viewer/flow-viewer';
import './flow-texts';

/** The outcome buttons of a task: 同意 / 驳回, or the applicant's 重新提交 / 撤销申请 on 调整申请. */
export function outcomeLabels(taskDefinitionKey: string | undefined): { pass: string; reject: string } {
  return taskDefinitionKey === 'adjust' ? { pass: 'flow.handle.resubmit', reject: 'flow.handle.withdraw' } : { pass: 'flow.handle.approve', reject: 'flow.handle.reject' };
}

/**
 * 办理 for a task whose category has no page of the shell: its diagram and history, a comment,
 * and the two outcomes (complete-task with `pass`).
 */
export function HandleDialog({
  task,
  onClose,
}: {
  task: Pick<BladeFlow, 'taskId' | 'taskName' | 'taskDefinitionKey' | 'processInstanceId' | 'processDefinitionName'>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<boolean | null>(null);
  const labels = outcomeLabels(task.taskDefinitionKey);
  const complete = async (pass: boolean) => {
    setBusy(pass);
    try {
      await flowApi.completeTask({ taskId: task.taskId, processInstanceId: task.processInstanceId, pass, comment: comment.trim() });
    } catch {
      setBusy(null);
      return;
    }
    void feedback().message.success(t('flow.handle.done'));
    flowChanged();
    onClose();
  };
  return (
    <Modal
      open
      width={1000}
      className="wb-flow-handle-dialog"
      title={`${t('flow.handle.title')} · ${task.processDefinitionName} · ${task.taskName}`}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('flow.common.cancel')}</Button>
          <Button danger loading={busy === false} disabled={busy !== null} onClick={() => void complete(false)}>
            {t(labels.reject)}
          </Button>
          <Button type="primary" loading={busy === true} disabled={busy !== null} onClick={() => void complete(true)}>
            {t(labels.pass)}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <FlowViewer target={{ processInstanceId: task.processInstanceId }} height={300} />
        <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('flow.handle.commentPlaceholder')} />
      </Space>
    </Modal>
  );
}
