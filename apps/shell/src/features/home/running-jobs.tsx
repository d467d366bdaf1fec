import { Card, Empty, List, Progress, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importPercent } from '@wb/contracts/imports';
import { useProject } from '../project-picker/project-store';
import { fetchDownloads, JOB_RUNNING } from '../downloads/api/downloads';
import { fetchImports } from '../downloads/api/imports';
import './home-texts';

/** while something runs, the figures are asked for this often */
const RUNNING_POLL_MS = 2000;

/** The exports and imports of the user still running, with their progress. */
export function RunningJobs() {
  const { t } = useTranslation();
  const projectId = useProject((s) => s.current.id);
  const downloads = useQuery({
    queryKey: ['home', 'downloads', projectId],
    queryFn: () => fetchDownloads(1, projectId),
    refetchInterval: (q) => (q.state.data?.records.some((j) => j.jobStatus === JOB_RUNNING) ? RUNNING_POLL_MS : false),
  });
  const imports = useQuery({
    queryKey: ['home', 'imports', projectId],
    queryFn: () => fetchImports(1, projectId),
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.status !== 1) ? RUNNING_POLL_MS : false),
  });
  const running = [
    ...(downloads.data?.records ?? []).filter((j) => j.jobStatus === JOB_RUNNING).map((j) => ({ key: `d${j.id}`, kind: 'exporting', name: j.fileName, percent: j.completeRate })),
    ...(imports.data?.records ?? []).filter((r) => r.status !== 1).map((r) => ({ key: `i${r.id}`, kind: 'importing', name: r.fileName, percent: importPercent(r) })),
  ];
  return (
    <Card title={t('home.jobs')} className="wb-home-jobs">
      {running.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.jobsEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={running}
          renderItem={(job) => (
            <List.Item key={job.key}>
              <List.Item.Meta title={job.name} description={<Progress percent={job.percent} size="small" status="active" />} avatar={<Tag>{t(`home.${job.kind}`)}</Tag>} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
