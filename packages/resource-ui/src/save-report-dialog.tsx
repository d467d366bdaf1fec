import { useMemo, useState } from 'react';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { reportColumns } from '@wb/contracts/resources/report';
import { filtersOf, type ListQuery } from './list-query';
import { ReportForm } from './report-form';
import type { ResourceKeys } from './resource-i18n';

interface Props {
  def: AnyResourceDef;
  keys: ResourceKeys;
  /** the list's filters as they are now */
  query: ListQuery;
  t(key: string, options?: Record<string, unknown>): string;
  onClose(): void;
}

/**
 * 保存为报表: the report form of 报表管理 with this list as its data, its filters as they are
 * now and every column it shows, named after the list (报表管理 opens it again as a table with
 * its chart, and exports it).
 */
export function SaveReportDialog({ def, keys, query, t, onClose }: Props) {
  const sources = useMemo(() => [def], [def]);
  // the form starts once: the list's filters when the dialog opened
  const [record] = useState(() => ({ name: t(keys.title), resource: def.name, query: JSON.stringify(filtersOf(query)), columns: JSON.stringify(reportColumns(def)), chart: '' }));
  return <ReportForm sources={sources} record={record} title={t('crud.saveReport')} savedText={t('crud.reportSaved')} onClose={onClose} onSaved={onClose} />;
}
