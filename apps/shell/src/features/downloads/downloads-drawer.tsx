import { useState } from 'react';
import { Drawer, Empty, List, Progress, Tabs, Typography } from 'antd';
import { FileExcelOutlined, FileOutlined, FilePdfOutlined, FileWordOutlined, FileZipOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appEnv } from '../../shared/env';
import { resourceUrl } from '../../shared/resource-url';
import { useProject } from '../project-picker/project-store';
import { DOWNLOADS_PAGE_SIZE, DOWNLOADS_POLL_MS, fetchDownloads, JOB_DONE, JOB_RUNNING, type DownloadJob } from './api/downloads';
import './downloads-texts';
import { UploadList } from './uploads-list';
import './downloads.css';

/** The icon of a file by its extension (xlsx, xls, doc, pdf, zip; shell spec §4). */
function FileIcon({ name }: { name: string }) {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'xlsx' || ext === 'xls') return <FileExcelOutlined className="wb-downloads__icon wb-downloads__icon--excel" />;
  if (ext === 'doc' || ext === 'docx') return <FileWordOutlined className="wb-downloads__icon wb-downloads__icon--word" />;
  if (ext === 'pdf') return <FilePdfOutlined className="wb-downloads__icon wb-downloads__icon--pdf" />;
  if (ext === 'zip') return <FileZipOutlined className="wb-downloads__icon" />;
  return <FileOutlined className="wb-downloads__icon" />;
}

export function fileSizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function DownloadItem({ job }: { job: DownloadJob }) {
  const { t } = useTranslation();
  let status;
  if (job.jobStatus === JOB_RUNNING) status = <Progress percent={job.completeRate} size="small" status="active" aria-label={t('downloads.running')} />;
  else if (job.jobStatus === JOB_DONE)
    status = (
      <span className="wb-downloads__done">
        <a href={resourceUrl(job.fileUrl, appEnv.apiBase)} download={job.fileName}>
          {t('downloads.save')}
        </a>
        <Typography.Text type="secondary">{fileSizeText(job.fileSize)}</Typography.Text>
      </span>
    );
  else status = <Typography.Text type="danger">{t('downloads.failed')}</Typography.Text>;
  return (
    <List.Item className="wb-downloads__item" data-job-status={job.jobStatus}>
      <List.Item.Meta
        avatar={<FileIcon name={job.fileName} />}
        title={job.fileName}
        description={
          <>
            {status}
            <Typography.Text type="secondary" className="wb-downloads__time">
              {job.jobEndTime ? t('downloads.finishedAt', { time: job.jobEndTime }) : job.createTime}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

/** 下载中心: the caller's exports, polled every second while one still runs (shell spec §4 'Downloads drawer'). */
function DownloadList() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const projectId = useProject((s) => s.current.id);
  const page = useQuery({
    queryKey: ['downloads', current, projectId],
    queryFn: () => fetchDownloads(current, projectId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.allCompleted === false ? DOWNLOADS_POLL_MS : false),
  });
  return (
    <List
      loading={page.isPending}
      dataSource={page.data?.records ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('downloads.empty')} /> }}
      renderItem={(job) => <DownloadItem job={job} />}
      pagination={(page.data?.total ?? 0) > DOWNLOADS_PAGE_SIZE ? { current, pageSize: DOWNLOADS_PAGE_SIZE, total: page.data?.total, onChange: setCurrent, size: 'small' } : false}
    />
  );
}

/** The 425 px drawer of the top bar: 下载中心 and 上传中心. */
export default function DownloadsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open title={t('downloads.title')} width={425} onClose={onClose} destroyOnHidden className="wb-downloads">
      <Tabs
        items={[
          { key: 'download', label: t('downloads.download'), children: <DownloadList /> },
          { key: 'upload', label: t('downloads.upload'), children: <UploadList /> },
        ]}
      />
    </Drawer>
  );
}
