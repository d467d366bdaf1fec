import { Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Page } from '@wb/contracts/envelope';
import { SUBAPP_EVENTS } from '@wb/contracts/subapp-protocol';
import { registerResourceI18n, resourceKeys } from '@wb/resource-ui/resource-i18n';
import { emit, refreshLocally, useBridge } from '../bridge';
import { i18n } from '../i18n';
import { projectFilters } from '../project-filter';
import { get } from '../request';
import { PAGES } from '../resources';
import { ProtocolPanel } from './protocol-panel';

/** '/': how many records each page holds (for the selected project) and a way into each. */
export function OverviewPage() {
  const { t } = useTranslation();
  const project = useBridge((s) => s.project);
  const refreshKey = useBridge((s) => s.refreshKey);
  for (const { def } of PAGES) registerResourceI18n(i18n, def);

  const counts = useQueries({
    queries: PAGES.map(({ def }) => {
      const filters = projectFilters(def.name, project);
      return {
        queryKey: ['count', def.name, filters, refreshKey],
        queryFn: async () => (await get<Page<unknown>>(`${def.basePath}/list`, { current: 1, size: 1, ...filters })).total,
      };
    }),
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card className="coredata-overview">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('overview.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('overview.desc')}</Typography.Paragraph>
        <Space wrap>
          <span>
            {t('overview.project')}: <strong className="coredata-project-name">{project && project.projectIds !== '' ? project.name : t('overview.noProject')}</strong>
          </span>
          <Button icon={<ReloadOutlined />} onClick={refreshLocally}>
            {t('overview.refresh')}
          </Button>
          <Button icon={<SettingOutlined />} onClick={() => emit(SUBAPP_EVENTS.routerChange, '/system/param')}>
            {t('overview.openParam')}
          </Button>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        {PAGES.map(({ path, def }, i) => (
          <Col key={def.name} xs={24} sm={12} md={8} xl={4}>
            <Card className={`coredata-count coredata-count-${def.name}`}>
              <Statistic title={t(resourceKeys(def).title)} value={counts[i].data ?? '-'} loading={counts[i].isLoading} />
              <Link to={path}>{t('overview.open')}</Link>
            </Card>
          </Col>
        ))}
      </Row>
      <ProtocolPanel />
    </Space>
  );
}
