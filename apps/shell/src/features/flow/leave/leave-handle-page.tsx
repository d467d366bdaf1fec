import { useState } from 'react';
import { Button, Card, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { BladeFlow } from '@wb/contracts/flow';
import { MAX_PAGE_SIZE } from '@wb/contracts/constants';
import { feedback } from '../../../shared/feedback';
import { flowApi } from '../api/flow-api';
import { closeTabOf, flowChanged } from '../flow-refresh';
import { outcomeLabels } from '../handle-dialog';
import { marksOf } from '../viewer/marks';
import { FlowViewer } from '../viewer/flow-viewer';
import { LeaveInfo } from './leave-info';
import '../flow-texts';

/** Where a handled task leaves the user: the next of their tasks. */
export const TODO_PAGE = '/work-affairs/todo';

/**
 * Which task this is: the user's to-do row of it (its definition key and name), else, while the
 * list has not answered, the instance's open task from the diagram's history.
 */
function useTask(taskId: string, processInstanceId: string): { key?: string; name?: string } {
  const todo = useQuery({
    queryKey: ['flow', 'todo-lookup', taskId],
    queryFn: () => flowApi.workList<BladeFlow>('todo', { current: 1, size: MAX_PAGE_SIZE }, true),
  });
  const view = useQuery({ queryKey: ['flow', 'model-view', { processInstanceId }], queryFn: () => flowApi.modelView({ processInstanceId }) });
  const row = todo.data?.records.find((task) => task.taskId === taskId);
  if (row) return { key: row.taskDefinitionKey, name: row.taskName };
  const open = marksOf(view.data?.flow).open;
  return { key: open.length === 1 ? open[0] : undefined };
}

/**
 * /work/process/leave/handle/:taskId/:processInstanceId/:businessId (请假审批): the request
 * read-only, its diagram and history, a comment, and 同意 / 驳回 (complete-task with `pass`);
 * the applicant's 调整申请 offers 重新提交 / 撤销申请 instead.
 */
export default function LeaveHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const task = useTask(taskId, processInstanceId);
  const labels = outcomeLabels(task.key);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<boolean | null>(null);

  const complete = async (pass: boolean) => {
    setBusy(pass);
    try {
      await flowApi.completeTask({ taskId, processInstanceId, pass, comment: comment.trim() });
    } catch {
      setBusy(null);
      return;
    }
    void feedback().message.success(t('flow.handle.done'));
    flowChanged();
    navigate(TODO_PAGE);
    closeTabOf(pathname);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="wb-leave-page wb-leave-handle" data-task={task.key ?? ''}>
      <LeaveInfo businessId={businessId} />
      <Card title={task.name ? `${t('flow.handle.title')} · ${task.name}` : t('flow.handle.title')} className="wb-leave-handle__form">
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Input.TextArea
            id="leave-handle-comment"
            rows={3}
            maxLength={500}
            showCount
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('flow.handle.commentPlaceholder')}
            aria-label={t('flow.handle.comment')}
          />
          <Space>
            <Button type="primary" loading={busy === true} disabled={busy !== null} onClick={() => void complete(true)}>
              {t(labels.pass)}
            </Button>
            <Button danger loading={busy === false} disabled={busy !== null} onClick={() => void complete(false)}>
              {t(labels.reject)}
            </Button>
          </Space>
        </Space>
      </Card>
      <Card title={t('flow.viewer.title')}>
        <FlowViewer target={{ processInstanceId }} height={380} />
      </Card>
    </Space>
  );
}
