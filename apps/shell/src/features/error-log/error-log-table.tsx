import { Button, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog, type LogEntry } from './error-log-store';
import { useLogActions } from './use-log-actions';

/** The entries with upload and clear; shared by the viewer dialog and the /logs page. */
export function ErrorLogTable({ height }: { height?: number }) {
  const { t } = useTranslation();
  const logs = useErrorLog((s) => s.logs);
  const { upload, clear } = useLogActions();
  const columns: TableColumnsType<LogEntry> = [
    { title: t('errorLog.type'), dataIndex: 'type', width: 70, render: (type: string) => <Tag color="red">{type}</Tag> },
    { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
    { title: t('errorLog.message'), dataIndex: 'message', ellipsis: true },
    { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
  ];
  return (
    <div className="wb-error-log">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('errorLog.count', { count: logs.length })}</Typography.Text>
        <Space>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!logs.length} onClick={upload}>
            {t('errorLog.upload')}
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!logs.length} onClick={clear}>
            {t('errorLog.clear')}
          </Button>
        </Space>
      </Space>
      <Table<LogEntry>
        size="small"
        rowKey={(entry) => `${entry.time}|${entry.message}|${logs.indexOf(entry)}`}
        columns={columns}
        dataSource={logs}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={height ? { y: height } : undefined}
        // antd draws a bare text in the disabled grey; Empty's description is readable
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errorLog.empty')} /> }}
        expandable={{
          expandedRowRender: (entry) => (
            <div className="wb-error-log__detail">
              <Typography.Text strong>{t('errorLog.info')}</Typography.Text>
              <pre>{entry.info || '-'}</pre>
              <Typography.Text strong>{t('errorLog.stack')}</Typography.Text>
              <pre>{entry.stack || '-'}</pre>
            </div>
          ),
        }}
      />
    </div>
  );
}
