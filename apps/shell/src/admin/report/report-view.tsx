import { useMemo } from 'react';
import { Alert, Empty, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyResourceDef, FieldDef } from '@wb/contracts/resource';
import { resourceByName } from '@wb/contracts/resources/catalogue';
import { REPORT_PATHS, type ReportChart } from '@wb/contracts/resources/report';
import { useFieldOptions } from '@wb/resource-ui/field-options';
import { useResourceHost } from '@wb/resource-ui/host';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { resourceKeys } from '@wb/resource-ui/resource-i18n';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { http } from '../../shared/request';
import { Chart, type ChartOption } from '../../shared/ui/chart';

interface Figures {
  chart: ReportChart | null;
  groups: { x: string; value: number }[];
}

/**
 * The resource's list as the report saved it: its filters fixed, its columns only and in their
 * order (the table follows the fields' order), read-only; 导出 exports exactly these rows through
 * the download centre.
 */
function reportDef(def: AnyResourceDef, columns: string[]): AnyResourceDef {
  const shown = columns.filter((k) => Object.hasOwn(def.fields, k));
  const order = [...shown, ...Object.keys(def.fields).filter((k) => !shown.includes(k))];
  const fields = Object.fromEntries(order.map((k): [string, FieldDef] => [k, { ...def.fields[k], column: shown.includes(k), search: undefined }]));
  return { ...def, fields, readOnly: true, importable: undefined, actions: [] };
}

/** A report opened: its chart (counted or summed by the server, in the viewer's scope) above its table. */
export function ReportView({ report, onClose }: { report: AnyRecord; onClose(): void }) {
  const { t } = useTranslation();
  const host = useResourceHost();
  const def = resourceByName(String(report.resource));
  const columns = useMemo(() => JSON.parse(String(report.columns || '[]')) as string[], [report.columns]);
  const query = useMemo(() => JSON.parse(String(report.query || '{}')) as Record<string, string>, [report.query]);
  const shown = useMemo(() => (def ? reportDef(def, columns) : undefined), [def, columns]);
  const figures = useQuery({ queryKey: ['report-chart', report.id], queryFn: () => http.get<Figures>(REPORT_PATHS.chart, { id: report.id }), enabled: Boolean(def && report.chart) });
  const x = figures.data?.chart?.x;
  const options = useFieldOptions(
    useMemo(() => (def && x ? { [x]: def.fields[x] } : {}), [def, x]),
    host.transport,
  );

  const option = useMemo<ChartOption | undefined>(() => {
    const f = figures.data;
    if (!f?.chart || !def) return undefined;
    const field = def.fields[f.chart.x];
    const choices = options.choices[f.chart.x] ?? field.options?.map((o) => ({ value: String(o.value), label: t(resourceKeys(def).option(f.chart!.x, o.value)) })) ?? [];
    const label = (v: string) => choices.find((c) => c.value === v)?.label ?? (v || '-');
    const names = f.groups.map((g) => label(g.x));
    const series = f.chart.y ? t(resourceKeys(def).label(f.chart.y)) : t('report.count');
    if (f.chart.type === 'pie')
      return {
        tooltip: { trigger: 'item' },
        legend: { type: 'scroll' },
        series: [{ type: 'pie', name: series, radius: '60%', data: f.groups.map((g, i) => ({ name: names[i], value: g.value })) }],
      };
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: names },
      yAxis: { type: 'value' },
      series: [f.chart.type === 'line' ? { type: 'line', name: series, data: f.groups.map((g) => g.value) } : { type: 'bar', name: series, data: f.groups.map((g) => g.value) }],
    };
  }, [figures.data, def, options.choices, t]);

  return (
    <Modal open title={String(report.name)} width={1100} footer={null} onCancel={onClose} destroyOnHidden>
      {!shown ? (
        <Alert type="warning" showIcon message={t('report.missing')} />
      ) : (
        <>
          {report.chart && (figures.data?.groups.length === 0 ? <Empty description={t('report.empty')} /> : option && <Chart option={option} height={300} label={t('report.chart')} />)}
          <ResourcePage def={shown} fixedParams={query} exportable headerTitle={String(report.name)} />
        </>
      )}
    </Modal>
  );
}
