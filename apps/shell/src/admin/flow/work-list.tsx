import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BladeFlow, FlowProcess } from '@wb/contracts/flow';
import { flowApi, flowCategoriesQuery, type WorkList } from '../../features/flow/api/flow-api';
import { detailPath, handlePath, routeOfCategory, startFormPath } from '../../features/flow/flow-routes';
import { flowChanged } from '../../features/flow/flow-refresh';
import { HandleDialog } from '../../features/flow/handle-dialog';
import { FlowViewerDialog, PassTag, type ViewerTarget } from '../../features/flow/viewer/flow-viewer';
import { feedback } from '../../shared/feedback';
import { FlowTable, useCategoryColumn } from './flow-table';

type Row = (FlowProcess | BladeFlow) & Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '-');

/**
 * 我的事务 (admin spec §2 work): 发起事务 lists the processes the user may start (FlowProcess),
 * the others the user's tasks and requests (BladeFlow), each filtered by category and process
 * name. 发起 and 办理 open the page of the category's route (the leave pages); a task of a category
 * without pages is handled in a dialog; 详情 opens the detail page, 流程图 the viewer.
 */
export function WorkListPage({ list }: { list: WorkList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useQuery(flowCategoriesQuery);
  const routes = categories.data?.routes ?? [];
  const categoryColumn = useCategoryColumn<Row>();
  const [viewing, setViewing] = useState<{ target: ViewerTarget; title: string } | null>(null);
  const [handling, setHandling] = useState<BladeFlow | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);

  const routeOf = (row: Row) => ((row as BladeFlow).routeValue || undefined) ?? routeOfCategory(row.category, routes);

  const start = (row: FlowProcess) => {
    const path = startFormPath(routeOfCategory(row.category, routes), row.id);
    if (path) navigate(path);
    else void feedback().message.warning(t('flow.common.noStartPage'));
  };
  const claim = async (row: BladeFlow) => {
    setClaiming(row.taskId);
    try {
      await flowApi.claimTask(row.taskId);
      void feedback().message.success(t('flow.common.claimed'));
      flowChanged();
    } catch {
      // the request client has shown why
    } finally {
      setClaiming(null);
    }
  };
  const handle = (row: BladeFlow) => {
    const path = handlePath(routeOf(row as Row), row);
    if (path) navigate(path);
    else setHandling(row);
  };
  const detail = (row: BladeFlow) => {
    const path = detailPath(routeOf(row as Row), row);
    if (path) navigate(path);
    else setViewing({ target: { processInstanceId: row.processInstanceId }, title: row.processDefinitionName });
  };
  const diagram = (row: Row) =>
    list === 'start'
      ? setViewing({ target: { processDefinitionId: (row as FlowProcess).id }, title: (row as FlowProcess).name })
      : setViewing({ target: { processInstanceId: (row as BladeFlow).processInstanceId }, title: (row as BladeFlow).processDefinitionName });

  const nameSearch: ProColumns<Row> = {
    key: 'processDefinitionName',
    dataIndex: 'processDefinitionName',
    title: t('flow.col.processName'),
    hideInTable: true,
  };
  const link = (key: string, label: string, onClick: () => void, disabled = false) => (
    <a key={key} onClick={disabled ? undefined : onClick} aria-disabled={disabled} className={`wb-flow-action wb-flow-action--${key}`}>
      {label}
    </a>
  );

  const processColumns: ProColumns<Row>[] = [
    { ...categoryColumn },
    nameSearch,
    { key: 'name', dataIndex: 'name', title: t('flow.col.processName'), search: false },
    { key: 'key', dataIndex: 'key', title: t('flow.col.processKey'), search: false },
    { key: 'version', dataIndex: 'version', title: t('flow.col.version'), search: false, render: (_, row) => <Tag>v{String(row.version)}</Tag> },
    { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('flow.col.deploymentTime'), search: false },
  ];
  const taskColumns: ProColumns<Row>[] = [
    { ...categoryColumn },
    nameSearch,
    { key: 'processDefinitionName', dataIndex: 'processDefinitionName', title: t('flow.col.processName'), search: false },
    { key: 'taskName', dataIndex: 'taskName', title: t('flow.col.taskName'), search: false, render: (_, row) => text(row.taskName) },
    ...(list === 'claim'
      ? [{ key: 'candidateNames', dataIndex: 'candidateNames', title: t('flow.col.candidates'), search: false, render: (_: unknown, row: Row) => text(row.candidateNames) }]
      : []),
    ...(list === 'send' ? [] : [{ key: 'startUser', dataIndex: 'startUser', title: t('flow.col.startUser'), search: false, render: (_: unknown, row: Row) => text(row.startUser) }]),
    { key: 'createTime', dataIndex: 'createTime', title: t(list === 'send' ? 'flow.col.startTime' : 'flow.col.receiveTime'), search: false },
    ...(list === 'send' || list === 'done'
      ? [
          {
            key: 'processIsFinished',
            dataIndex: 'processIsFinished',
            title: t('flow.col.processState'),
            search: false,
            render: (_: unknown, row: Row) =>
              row.processIsFinished === 'finished' ? <Tag color="default">{t('flow.state.finished')}</Tag> : <Tag color="processing">{t('flow.state.unfinished')}</Tag>,
          },
          { key: 'endTime', dataIndex: 'endTime', title: t('flow.col.endTime'), search: false, render: (_: unknown, row: Row) => text(row.endTime) },
        ]
      : []),
    ...(list === 'done'
      ? [
          { key: 'pass', dataIndex: 'pass', title: t('flow.col.outcome'), search: false, render: (_: unknown, row: Row) => <PassTag pass={(row as BladeFlow).pass} /> },
          { key: 'comment', dataIndex: 'comment', title: t('flow.col.comment'), search: false, render: (_: unknown, row: Row) => text(row.comment) },
        ]
      : []),
  ];
  const actions: ProColumns<Row> = {
    key: 'actions',
    title: t('flow.action.actions'),
    valueType: 'option',
    fixed: 'right',
    render: (_, row) => {
      const task = row as BladeFlow;
      return (
        <Space size={12}>
          {list === 'start' && link('start', t('flow.action.start'), () => start(row as FlowProcess))}
          {list === 'claim' && link('claim', t('flow.action.claim'), () => void claim(task), claiming === task.taskId)}
          {list === 'todo' && link('handle', t('flow.action.handle'), () => handle(task))}
          {(list === 'send' || list === 'done') && link('detail', t('flow.action.detail'), () => detail(task))}
          {link('diagram', t('flow.action.diagram'), () => diagram(row))}
        </Space>
      );
    },
  };

  return (
    <>
      <FlowTable<Row>
        name={`work-${list}`}
        title={t(`flow.title.${list}`)}
        rowKey={(row) => (list === 'start' ? String(row.id) : `${String(row.taskId ?? '')}|${String(row.processInstanceId ?? '')}`)}
        columns={[...(list === 'start' ? processColumns : taskColumns), actions]}
        load={(query) => flowApi.workList<Row>(list, query)}
      />
      {viewing && <FlowViewerDialog target={viewing.target} title={viewing.title} onClose={() => setViewing(null)} />}
      {handling && <HandleDialog task={handling} onClose={() => setHandling(null)} />}
    </>
  );
}
