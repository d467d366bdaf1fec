import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportResource } from '@wb/contracts/resources/report';
import type { AnyRecord } from '@wb/resource-ui/resource-api';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { ShellResourceHost } from '../shell-resource-host';
import { ReportView } from './report-view';
import '../resource/resource-texts';

/** /tool/report (报表管理): the saved list queries; 打开 shows one as its chart and its table. */
export default function ReportPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AnyRecord | null>(null);
  return (
    <ShellResourceHost>
      <ResourcePage
        def={reportResource}
        rowActionLabels={[t('report.open')]}
        rowActions={(row) => [
          <a key="open" onClick={() => setOpen(row)}>
            {t('report.open')}
          </a>,
        ]}
      />
      {open && <ReportView report={open} onClose={() => setOpen(null)} />}
    </ShellResourceHost>
  );
}
