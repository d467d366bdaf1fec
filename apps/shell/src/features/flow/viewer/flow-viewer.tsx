import { lazy, Suspense } from 'react';
import { Alert, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlowHistory } from '@wb/contracts/flow';
import { flowApi } from '../api/flow-api';
import '../flow-texts';

// bpmn-js comes with the diagram, in a chunk of its own, when a diagram is first shown
const FlowDiagram = lazy(() => import('./flow-diagram'));

export type ViewerTarget = { processInstanceId: string } | { processDefinitionId: string };

const instanceOf = (target: ViewerTarget): string | undefined => ('processInstanceId' in target ? target.processInstanceId : undefined);

/** A diagram's place while its data or bpmn-js is on the way. */
const Loading = ({ height }: { height: number }) => (
  <div style={{ height, display: 'grid', placeItems: 'center' }}>
    <Spin />
  </div>
);

/** 同意 / 驳回 as a tag, nothing when the step had no outcome. */
export function PassTag({ pass }: { pass: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (pass === true) return <Tag color="success">{t('flow.viewer.pass')}</Tag>;
  if (pass === false) return <Tag color="error">{t('flow.viewer.reject')}</Tag>;
  return <>-</>;
}

/** The steps of an instance (history-flow-list): who, when, how long, the comment and the outcome. */
export function FlowHistoryTable({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: ['flow', 'history', processInstanceId], queryFn: () => flowApi.historyFlowList(processInstanceId) });
  return (
    <Table<FlowHistory>
      className="wb-flow-history"
      size="small"
      rowKey={(row) => `${row.historyActivityId}|${row.createTime}|${row.historyActivityType}`}
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={false}
      locale={{ emptyText: t('flow.viewer.empty') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'node', title: t('flow.viewer.node'), dataIndex: 'historyActivityName', render: (v: string, row) => v || row.historyActivityId },
        { key: 'assignee', title: t('flow.viewer.assignee'), dataIndex: 'assigneeName', render: (v: string) => v || '-' },
        { key: 'createTime', title: t('flow.viewer.createTime'), dataIndex: 'createTime' },
        { key: 'endTime', title: t('flow.viewer.endTime'), dataIndex: 'endTime', render: (v: string) => v || '-' },
        { key: 'duration', title: t('flow.viewer.duration'), dataIndex: 'historyActivityDurationTime', render: (v: string) => v || '-' },
        { key: 'comment', title: t('flow.viewer.comment'), dataIndex: 'comment', render: (v: string) => v || '-' },
        { key: 'outcome', title: t('flow.viewer.outcome'), dataIndex: 'pass', render: (v: boolean | null) => <PassTag pass={v} /> },
      ]}
    />
  );
}

/** The diagram of a definition, or of an instance with what it went through marked. */
export function FlowChart({ target, height = 360 }: { target: ViewerTarget; height?: number }) {
  const { t } = useTranslation();
  const view = useQuery({ queryKey: ['flow', 'model-view', target], queryFn: () => flowApi.modelView(target) });
  if (view.isPending) return <Loading height={height} />;
  if (view.isError || !view.data?.xml) return <Alert type="warning" showIcon message={t('flow.viewer.failed')} />;
  return (
    <Suspense fallback={<Loading height={height} />}>
      <FlowDiagram xml={view.data.xml} flow={view.data.flow} height={height} />
    </Suspense>
  );
}

/** A diagram from its xml alone (a model's preview). */
export function XmlChart({ xml, height = 420 }: { xml: string; height?: number }) {
  return (
    <Suspense fallback={<Loading height={height} />}>
      <FlowDiagram xml={xml} height={height} />
    </Suspense>
  );
}

/** The diagram and, for an instance, its history below it. */
export function FlowViewer({ target, height }: { target: ViewerTarget; height?: number }) {
  const { t } = useTranslation();
  const instance = instanceOf(target);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} className="wb-flow-viewer">
      <FlowChart target={target} height={height} />
      {instance && (
        <>
          <Typography.Text strong>{t('flow.viewer.history')}</Typography.Text>
          <FlowHistoryTable processInstanceId={instance} />
        </>
      )}
    </Space>
  );
}

/** 流程图: the viewer in a dialog. */
export function FlowViewerDialog({ target, title, onClose }: { target: ViewerTarget; title?: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open width={1100} title={title ? `${t('flow.viewer.title')} · ${title}` : t('flow.viewer.title')} footer={null} onCancel={onClose} className="wb-flow-viewer-dialog">
      <FlowViewer target={target} height={420} />
    </Modal>
  );
}
