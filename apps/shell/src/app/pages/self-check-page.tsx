import { Button, Card, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appEnv } from '../../shared/env';
import { useSession } from '../../shared/session-store';
import { useProject } from '../../features/project-picker/project-store';

interface Check {
  database: string;
  kind: string;
  /** the round trip of the health call, ms */
  ms: number;
  /** the server's clock minus this browser's, seconds (from the Date header) */
  skew: number | null;
}

async function check(): Promise<Check> {
  const started = performance.now();
  const res = await fetch(`${appEnv.apiBase}/health`, { cache: 'no-store' });
  const ms = Math.round(performance.now() - started);
  const body = (await res.json()) as { data?: { database?: string; kind?: string } };
  const date = res.headers.get('date');
  return { database: body.data?.database ?? 'down', kind: body.data?.kind ?? '-', ms, skew: date ? Math.round((Date.parse(date) - Date.now()) / 1000) : null };
}

/**
 * /test/index: what the people who deploy the workbench ask first: does the server answer, is its
 * database up, how far apart are the clocks, and who and where this session is.
 */
export default function SelfCheckPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const project = useProject((s) => s.current);
  const health = useQuery({ queryKey: ['self-check'], queryFn: check, staleTime: 0 });
  const up = health.data?.database === 'up';
  return (
    <Card
      title={t('selfCheck.title')}
      extra={
        <Button onClick={() => void health.refetch()} loading={health.isFetching}>
          {t('selfCheck.again')}
        </Button>
      }
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="small"
        items={[
          {
            key: 'server',
            label: t('selfCheck.server'),
            children: health.isError ? <Tag color="error">{t('selfCheck.unreachable')}</Tag> : health.data ? <Tag color="success">{`${health.data.ms} ms`}</Tag> : '-',
          },
          {
            key: 'database',
            label: t('selfCheck.database'),
            children: health.data ? <Tag color={up ? 'success' : 'error'}>{`${health.data.kind} · ${health.data.database}`}</Tag> : '-',
          },
          { key: 'clock', label: t('selfCheck.clock'), children: health.data?.skew === null || !health.data ? '-' : t('selfCheck.skew', { seconds: health.data.skew }) },
          { key: 'api', label: t('selfCheck.api'), children: appEnv.apiBase || window.location.origin },
          { key: 'user', label: t('selfCheck.user'), children: user ? `${user.account ?? ''} · ${user.tenant_id ?? ''}` : '-' },
          { key: 'project', label: t('selfCheck.project'), children: project.name },
          { key: 'browser', label: t('selfCheck.browser'), children: navigator.userAgent },
        ]}
      />
    </Card>
  );
}
