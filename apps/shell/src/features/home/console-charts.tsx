import { useMemo } from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectFiguresQuery, type ProjectFigures } from './api/figures';
import { Chart, type ChartOption } from '../../shared/ui/chart';
import { useProject } from '../project-picker/project-store';
import './home-texts';

const sum = (rows: ProjectFigures[], k: 'vehicleTotal' | 'vehicleInService') => rows.reduce((n, r) => n + (r[k] ?? 0), 0);

/** /wel/dashboard's content: the figures of every project the user may pick, as totals and charts. */
export default function ConsoleCharts() {
  const { t } = useTranslation();
  // the projects the picker holds: a project, an 'all' entry's, or all while none is picked
  const project = useProject((s) => s.current);
  const figures = useQuery(projectFiguresQuery({ id: project.id, projectIds: project.projectIds }));
  const rows = useMemo(() => figures.data ?? [], [figures.data]);
  const byProject = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      // the legend above the grid, and the grid holding its (rotated) axis labels, so neither covers the other
      legend: { top: 0 },
      grid: { left: 16, right: 16, bottom: 8, top: 40, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => r.projectName), axisLabel: { rotate: 30 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'bar', name: t('home.vehicles'), data: rows.map((r) => r.vehicleTotal) },
        { type: 'bar', name: t('home.inService'), data: rows.map((r) => r.vehicleInService) },
      ],
    }),
    [rows, t],
  );
  const byCity = useMemo<ChartOption>(() => {
    const cities = new Map<string, number>();
    for (const r of rows) cities.set(r.cityName, (cities.get(r.cityName) ?? 0) + (r.vehicleTotal ?? 0));
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [{ type: 'pie', name: t('home.vehicles'), radius: ['40%', '70%'], data: [...cities].map(([name, value]) => ({ name, value })) }],
    };
  }, [rows, t]);
  // the server answers no vehicle counts to a user who may not read vehicles
  const noAccess = rows.some((r) => r.vehicleTotal === null);
  const empty = !figures.isPending && sum(rows, 'vehicleTotal') === 0;
  const nothing = noAccess ? <Empty description={t('home.noAccessDesc')} /> : <Empty description={t('home.noData')} />;
  return (
    <Row gutter={[16, 16]}>
      {[
        { key: 'projects', value: rows.length },
        { key: 'vehicles', value: noAccess ? t('home.noAccess') : sum(rows, 'vehicleTotal') },
        { key: 'inService', value: noAccess ? t('home.noAccess') : sum(rows, 'vehicleInService') },
      ].map((s) => (
        <Col key={s.key} xs={24} md={8}>
          <Card>
            <Statistic title={t(`home.${s.key}`)} value={s.value} loading={figures.isPending} data-figure={s.key} />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={14}>
        <Card title={t('home.byProject')}>{empty ? nothing : <Chart option={byProject} label={t('home.byProject')} />}</Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('home.byCity')}>{empty ? nothing : <Chart option={byCity} label={t('home.byCity')} />}</Card>
      </Col>
    </Row>
  );
}
