import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyResourceDef } from '@wb/contracts/resource';
import { apiLogResource, errorLogResource, usualLogResource } from '@wb/contracts/resources/logs';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { ShellResourceHost } from '../shell-resource-host';
import { TraceDrawer } from './trace-drawer';
import './log-texts';

/** A log's list with 追踪 on each row that carries a request id: the request as every log saw it. */
function LogPage({ def }: { def: AnyResourceDef }) {
  const { t } = useTranslation();
  const [traced, setTraced] = useState<string | null>(null);
  return (
    <ShellResourceHost>
      <ResourcePage
        def={def}
        rowActionLabels={[t('logTrace.action')]}
        rowActions={(row) =>
          row.requestId
            ? [
                <a key="trace" onClick={() => setTraced(String(row.requestId))}>
                  {t('logTrace.action')}
                </a>,
              ]
            : []
        }
      />
      {traced && <TraceDrawer requestId={traced} onClose={() => setTraced(null)} />}
    </ShellResourceHost>
  );
}

export const ApiLogPage = () => <LogPage def={apiLogResource} />;
export const ErrorLogPage = () => <LogPage def={errorLogResource} />;
export const UsualLogPage = () => <LogPage def={usualLogResource} />;
