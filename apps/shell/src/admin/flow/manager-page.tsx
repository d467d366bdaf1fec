import { useState, type Key } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import type { Page } from '@wb/contracts/envelope';
import { Button, Space, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOW_CODES, FLOW_STATE, type FlowProcess } from '@wb/contracts/flow';
import { flowApi } from '../../features/flow/api/flow-api';
import { flowChanged, useCan } from '../../features/flow/flow-refresh';
import { FlowViewerDialog } from '../../features/flow/viewer/flow-viewer';
import { feedback } from '../../shared/feedback';
import { FlowTable, useCategoryColumn } from './flow-table';

type Row = FlowProcess & Record<string, unknown>;

/**
 * /flow/manager 流程管理: the deployed process definitions (every version), their state
 * (激活 / 挂起, change-state), their deployments' removal and their diagrams.
 */
export default function FlowManagerPage() {
  const { t } = useTranslation();
  const can = useCan();
  const categoryColumn = useCategoryColumn<Row>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [viewing, setViewing] = useState<Row | null>(null);

  const changeState = (row: Row) => {
    const suspend = row.suspensionState === FLOW_STATE.active;
    feedback().modal.confirm({
      title: t('flow.common.confirmTitle'),
      content: t('flow.common.confirmState', { state: t(suspend ? 'flow.action.suspend' : 'flow.action.activate') }),
      okText: t('flow.common.ok'),
      cancelText: t('flow.common.cancel'),
      onOk: async () => {
        try {
          await flowApi.managerChangeState({ processId: row.id, state: suspend ? 'suspend' : 'active' });
        } catch {
          return;
        }
        void feedback().message.success(t('flow.common.done'));
        flowChanged();
      },
    });
  };

  const remove = (rows: Row[]) => {
    if (rows.length === 0) {
      void feedback().message.warning(t('flow.common.selectOne'));
      return;
    }
    feedback().modal.confirm({
      title: t('flow.common.confirmTitle'),
      content: t('flow.common.confirmDelete'),
      okText: t('flow.common.ok'),
      cancelText: t('flow.common.cancel'),
      onOk: async () => {
        try {
          await flowApi.managerDeleteDeployment({ deploymentIds: [...new Set(rows.map((row) => row.deploymentId))].join(',') });
        } catch {
          return;
        }
        void feedback().message.success(t('flow.common.done'));
        setSelected([]);
        flowChanged();
      },
    });
  };

  const columns: ProColumns<Row>[] = [
    categoryColumn,
    { key: 'name', dataIndex: 'name', title: t('flow.col.processName') },
    { key: 'key', dataIndex: 'key', title: t('flow.col.processKey'), search: false },
    { key: 'version', dataIndex: 'version', title: t('flow.col.version'), search: false, render: (_, row) => <Tag>v{row.version}</Tag> },
    {
      key: 'suspensionState',
      dataIndex: 'suspensionState',
      title: t('flow.col.state'),
      search: false,
      render: (_, row) => (row.suspensionState === FLOW_STATE.active ? <Tag color="success">{t('flow.state.active')}</Tag> : <Tag color="warning">{t('flow.state.suspended')}</Tag>),
    },
    { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('flow.col.deploymentTime'), search: false },
    {
      key: 'actions',
      title: t('flow.action.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          {can(FLOW_CODES.managerState) && (
            <a key="state" className="wb-flow-action wb-flow-action--state" onClick={() => changeState(row)}>
              {t('flow.action.changeState')}
            </a>
          )}
          {can(FLOW_CODES.managerDelete) && (
            <a key="delete" className="wb-flow-action wb-flow-action--delete" onClick={() => remove([row])}>
              {t('flow.action.delete')}
            </a>
          )}
          <a key="diagram" className="wb-flow-action wb-flow-action--diagram" onClick={() => setViewing(row)}>
            {t('flow.action.diagram')}
          </a>
        </Space>
      ),
    },
  ];

  return (
    <>
      <FlowTable<Row>
        name="manager"
        title={t('flow.title.manager')}
        rowKey="id"
        columns={columns}
        load={(query) => flowApi.managerList(query) as Promise<Page<Row>>}
        rowSelection={can(FLOW_CODES.managerDelete) ? { selectedRowKeys: selected.map((row) => row.id as Key), onChange: (_keys, rows) => setSelected(rows as Row[]) } : undefined}
        toolbar={
          can(FLOW_CODES.managerDelete)
            ? [
                <Button key="remove" danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
                  {t('flow.action.delete')}
                </Button>,
              ]
            : []
        }
      />
      {viewing && <FlowViewerDialog target={{ processDefinitionId: viewing.id }} title={viewing.name} onClose={() => setViewing(null)} />}
    </>
  );
}
