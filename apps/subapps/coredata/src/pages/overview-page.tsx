import { Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Page } from '@wb/contracts/envelope';
import { registerResourceI18n, resourceKeys } from '@wb/resource-ui/resource-i18n';
import { refreshLocally, useBridge } from '../bridge';
import { i18n } from '../i18n';
import { followsProject, projectFilters } from '../project-filter';
import { get } from '../request';
import { PAGES, type CoredataPage } from '../resources';

const GROUPS: CoredataPage['group'][] = ['organisation', 'site'];

/** '/': how many records each page holds (those of a project: for the picked one), and a way into each. */
export function OverviewPage() {
  const { t } = useTranslation();
  const project = useBridge((s) => s.project);
  const refreshKey = useBridge((s) => s.refreshKey);
  for (const { def } of PAGES) registerResourceI18n(i18n, def);

  const counts = useQueries({
    queries: PAGES.map(({ def }) => {
      const filters = projectFilters(def, project);
      return {
        queryKey: ['count', def.name, filters, refreshKey],
        queryFn: async () => (await get<Page<unknown>>(`${def.basePath}/list`, { current: 1, size: 1, ...filters })).total,
      };
    }),
  });
  const picked = project && project.projectIds !== '' ? project.name : null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card className="coredata-overview">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('overview.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('overview.desc')}</Typography.Paragraph>
        <Space wrap>
          <span>
            {t('overview.project')}: <strong className="coredata-project-name">{picked ?? t('overview.noProject')}</strong>
          </span>
          <Button icon={<ReloadOutlined />} onClick={refreshLocally}>
            {t('overview.refresh')}
          </Button>
        </Space>
      </Card>
      {GROUPS.map((group) => (
        <Card key={group} size="small" title={t(`overview.${group}`)} className={`coredata-group coredata-group-${group}`}>
          <Row gutter={[16, 16]}>
            {PAGES.map((p, i) => ({ ...p, count: counts[i] }))
              .filter((p) => p.group === group)
              .map(({ path, def, count }) => (
                <Col key={def.name} xs={12} sm={8} md={6} xl={4}>
                  <Card size="small" className={`coredata-count coredata-count-${def.name}`}>
                    <Statistic title={t(resourceKeys(def).title)} value={count.data ?? '-'} loading={count.isLoading} />
                    <Space size={8} style={{ marginTop: 8 }}>
                      <Link to={path}>{t('overview.open')}</Link>
                      {followsProject(def) && picked && <Tag bordered={false}>{t('overview.byProject')}</Tag>}
                    </Space>
                  </Card>
                </Col>
              ))}
          </Row>
        </Card>
      ))}
    </Space>
  );
}
