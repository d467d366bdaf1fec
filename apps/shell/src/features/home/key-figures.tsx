import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { baseInfoQuery, type FiguresScope } from './api/figures';
import './home-texts';

/**
 * The figures of what the picker holds: a project, the projects of an 'all' entry (a company, a
 * city), or every project the user may pick while none is. A count the user may not read (the
 * server answers null: no 车辆管理 or 供应商管理) says so instead of a number.
 */
export function KeyFigures({ scope }: { scope: FiguresScope }) {
  const { t } = useTranslation();
  const info = useQuery(baseInfoQuery(scope));
  const items = [
    { key: 'projects', value: info.data?.projectTotal },
    { key: 'vehicles', value: info.data?.vehicleTotal },
    { key: 'inService', value: info.data?.vehicleInService },
    { key: 'suppliers', value: info.data?.supplierTotal },
  ];
  const where = info.data ? [info.data.companyName, info.data.cityName, Number(scope.id) > 0 ? info.data.projectName : ''].filter(Boolean).join(' ') : undefined;
  return (
    <Card title={t('home.figures')} extra={where}>
      <Row gutter={16}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={6}>
            {info.data && item.value === null ? (
              <Statistic
                title={t(`home.${item.key}`)}
                value={t('home.noAccess')}
                valueRender={(node) => <Typography.Text type="secondary">{node}</Typography.Text>}
                data-figure={item.key}
                data-no-access=""
              />
            ) : (
              <Statistic title={t(`home.${item.key}`)} value={item.value ?? '-'} loading={info.isPending} data-figure={item.key} />
            )}
          </Col>
        ))}
      </Row>
    </Card>
  );
}
