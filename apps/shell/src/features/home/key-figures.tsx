import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { baseInfoQuery } from './api/figures';
import './home-texts';

/** The current project's figures (every project the user may pick when none is chosen). */
export function KeyFigures({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const info = useQuery(baseInfoQuery(projectId));
  const items = [
    { key: 'projects', value: info.data?.projectTotal },
    { key: 'vehicles', value: info.data?.vehicleTotal },
    { key: 'inService', value: info.data?.vehicleInService },
    { key: 'suppliers', value: info.data?.supplierTotal },
  ];
  return (
    <Card title={t('home.figures')} extra={info.data ? `${info.data.companyName} ${info.data.cityName} ${info.data.projectName}`.trim() : undefined}>
      <Row gutter={16}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={6}>
            <Statistic title={t(`home.${item.key}`)} value={item.value ?? '-'} loading={info.isPending} data-figure={item.key} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
