import { useState } from 'react';
import { Empty, List, Progress, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_PAGE_SIZE, IMPORT_POLL_MS, importFailed, importPercent, type ImportRecord } from '@wb/contracts/imports';
import { useProject } from '../project-picker/project-store';
import { fetchImport, fetchImports, saveErrorFile } from './api/imports';

/** One import: polls its detail every second until it is finished (shell spec §4 'Import item'). */
function ImportItem({ record }: { record: ImportRecord }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['import', record.id],
    queryFn: () => fetchImport(record.id),
    initialData: record,
    refetchInterval: (query) => (query.state.data?.status === 1 ? false : IMPORT_POLL_MS),
  });
  const r = detail.data;
  const finished = r.status === 1;
  const failed = importFailed(r);
  return (
    <List.Item className="wb-downloads__item" data-import-status={finished ? (failed ? 'failed' : 'completed') : 'running'}>
      <List.Item.Meta
        avatar={<FileExcelOutlined className="wb-downloads__icon wb-downloads__icon--excel" />}
        title={r.fileName}
        description={
          <>
            {!finished && <Progress percent={importPercent(r)} size="small" status="active" aria-label={t('downloads.importing')} />}
            {finished && failed && (
              <Typography.Text type="danger">
                {t('downloads.importFailed')}
                {r.errorMsg ? `: ${r.errorMsg}` : ''}
              </Typography.Text>
            )}
            {finished && !failed && (
              <span className="wb-downloads__done">
                <Typography.Text type={r.failedNum ? 'warning' : 'success'}>{t('downloads.importCompleted')}</Typography.Text>
                <Typography.Text type="secondary">{t('downloads.importCounts', { success: r.successNum, failed: r.failedNum, total: r.totalNum })}</Typography.Text>
                {r.failedNum > 0 && <a onClick={() => void saveErrorFile(r)}>{t('downloads.errorFile')}</a>}
              </span>
            )}
            <Typography.Text type="secondary" className="wb-downloads__time">
              {r.endTime ? t('downloads.finishedAt', { time: r.endTime }) : r.createTime}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

/** 上传中心: the caller's imports, paged by 10. */
export function UploadList() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const projectId = useProject((s) => s.current.id);
  const page = useQuery({ queryKey: ['imports', pageNum, projectId], queryFn: () => fetchImports(pageNum, projectId), placeholderData: keepPreviousData });
  return (
    <List
      loading={page.isPending}
      dataSource={page.data?.records ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('downloads.uploadEmpty')} /> }}
      renderItem={(record) => <ImportItem key={record.id} record={record} />}
      pagination={(page.data?.total ?? 0) > IMPORT_PAGE_SIZE ? { current: pageNum, pageSize: IMPORT_PAGE_SIZE, total: page.data?.total, onChange: setPageNum, size: 'small' } : false}
    />
  );
}
