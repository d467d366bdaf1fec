import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '@wb/contracts/resources/catalogue';
import { REPORT_PATHS, reportResource } from '@wb/contracts/resources/report';
import type { ResourceDialog } from '@wb/resource-ui/resource-page';
import { ReportForm } from '@wb/resource-ui/report-form';
import { resourceKeys } from '@wb/resource-ui/resource-i18n';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { http } from '../../shared/request';

const KEYS = resourceKeys(reportResource);

/**
 * 新增 / 编辑 in 报表管理: the report form, its data chosen among what the server says this user
 * may read (GET sources). An edited report's own data is there too: its label shows, and it stays.
 */
export function ReportEdit({ mode, record, onClose, onSaved }: ResourceDialog) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: ['report-sources'], queryFn: () => http.get<string[]>(REPORT_PATHS.sources), staleTime: 60_000 });
  const own = record ? resourceByName(String(record.resource)) : undefined;
  const defs = useMemo(() => {
    const listed = (sources.data ?? []).map(resourceByName).filter((d): d is AnyResourceDef => Boolean(d));
    return own && !listed.includes(own) ? [own, ...listed] : listed;
  }, [sources.data, own]);
  // a new report waits for its choices; an edit starts from its own data at once
  if (mode === 'add' && !sources.data) return null;
  return (
    <ReportForm
      sources={defs}
      record={record ?? {}}
      title={t(mode === 'add' ? 'crud.addTitle' : 'crud.editTitle', { title: t(KEYS.entity) })}
      savedText={t(mode === 'add' ? 'crud.added' : 'crud.updated')}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
