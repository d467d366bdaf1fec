import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUBAPP_EVENTS } from '@wb/contracts/subapp-protocol';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import type { AnyResourceDef } from '@wb/resource-ui/resource-api';
import { emit, useBridge } from '../bridge';
import { projectFilters } from '../project-filter';

/**
 * A resource's page: the shared list/search/form UI, filtered by the project
 * picked in the shell, reloaded on 'data-refresh', and exporting with the
 * shell's indicator following along ('export-state').
 */
export function ResourceRoute({ def }: { def: AnyResourceDef }) {
  const { t } = useTranslation();
  const project = useBridge((s) => s.project);
  const refreshKey = useBridge((s) => s.refreshKey);
  const fixed = useMemo(() => projectFilters(def, project), [def, project]);
  const filtered = Object.keys(fixed).length > 0;

  return (
    <>
      {filtered && project && <Alert className="coredata-project-filter" type="info" showIcon style={{ marginBottom: 12 }} message={`${t('overview.project')}: ${project.name}`} />}
      <ResourcePage def={def} fixedParams={fixed} reloadKey={refreshKey} exportable onExportState={(state) => emit(SUBAPP_EVENTS.exportState, state)} />
    </>
  );
}
