import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportResource } from '@wb/contracts/resources/report';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { useShellResourceHost, ShellResourceHost } from '../shell-resource-host';
import { dataColumn } from './data-column';
import { ReportEdit } from './report-edit';
import { ReportView } from './report-view';
import '../resource/resource-texts';

/**
 * /tool/report (报表管理): the saved list queries. 新增 and 编辑 are the report form (data, columns,
 * filters, chart); 查看 opens the report as its chart and its table.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const host = useShellResourceHost();
  // a new t with each language: the data's titles follow it
  const columns = useMemo(() => dataColumn(host, t), [host, t]);
  return (
    <ShellResourceHost>
      <ResourcePage
        def={reportResource}
        columns={columns}
        form={(dialog) => (dialog.mode === 'view' && dialog.record ? <ReportView report={dialog.record} onClose={dialog.onClose} /> : <ReportEdit {...dialog} />)}
      />
    </ShellResourceHost>
  );
}
