import { lazy, Suspense } from 'react';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session-store';
import { useProject } from '../../features/project-picker/project-store';
import { mapZoom } from '../../features/project-picker/project-choice';
import { projectDetailQuery } from '../../features/project-picker/api/project-detail';
import { HomeNotices } from '../../features/home/home-notices';
import { KeyFigures } from '../../features/home/key-figures';
import { baseInfoQuery } from '../../features/home/api/figures';
import { oldUserInfoQuery } from '../../features/auth/api/old-user-info';
import { RunningJobs } from '../../features/home/running-jobs';
import { Shortcuts } from '../../features/home/shortcuts';
import { TodoCard } from '../../features/home/todo-card';
import '../../features/home/home.css';

// the guide (a carousel or a tour) comes with its own chunk, after the page
const ReleaseGuide = lazy(() => import('../../features/guide/release-guide'));

/**
 * /wel/index, the workbench home and fixed first tab: who is signed in and where, the current
 * project's figures, the menus the user opens most, their tasks (我的待办), notices and running jobs.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const project = useProject((s) => s.current);
  const detail = useQuery(projectDetailQuery(project.id));
  // the figures' answer also names the city and company an 'all' entry's projects share
  const scope = { id: project.id, projectIds: project.projectIds };
  const info = useQuery(baseInfoQuery(scope));
  // the token's role_name is the roles' alias (administrator), as the family's tokens carry it: show their names
  const roles = useQuery(oldUserInfoQuery).data?.role_name;
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || '';
  const zoom = mapZoom(project.id);
  const chosen = project.list.length > 0;
  return (
    <div className="wb-home">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('page.welcome', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('page.welcomeDesc')}</Typography.Paragraph>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'tenant', label: t('page.tenant'), children: user?.tenant_id || '-' },
            { key: 'role', label: t('page.role'), children: roles || user?.role_name || '-' },
            { key: 'project', label: t('page.project'), children: chosen ? project.name : t('project.placeholder') },
            { key: 'city', label: t('page.city'), children: detail.data?.cityName || project.projectCity || info.data?.cityName || '-' },
            { key: 'company', label: t('page.company'), children: detail.data?.companyName || info.data?.companyName || '-' },
            { key: 'zoom', label: t('page.mapLevel'), children: chosen ? t('page.mapLevelValue', { zoom: zoom.zoom, level: zoom.level }) : '-' },
          ]}
        />
      </Card>
      <KeyFigures scope={scope} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Shortcuts />
        </Col>
        <Col xs={24} xl={12}>
          <RunningJobs />
        </Col>
      </Row>
      <TodoCard />
      <HomeNotices />
      <Suspense fallback={null}>
        <ReleaseGuide />
      </Suspense>
    </div>
  );
}
