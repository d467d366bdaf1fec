import { useEffect, useMemo, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelFieldOf } from '@wb/contracts/resource';
import { SUBAPP_EVENTS } from '@wb/contracts/subapp-protocol';
import { ResourcePage, type ResourceWrite } from '@wb/resource-ui/resource-page';
import type { AnyResourceDef } from '@wb/resource-ui/resource-api';
import { emit, useBridge } from '../bridge';
import { listedUnder, newRecordValues, PROJECT_IDS_PARAM, projectFilters } from '../project-filter';

/**
 * A resource's page: the shared list/search/form UI, filtered by the project
 * picked in the shell, reloaded on 'data-refresh', and exporting with the
 * shell's indicator following along ('export-state'). A new record starts in the
 * picked project; one saved outside it is never left to vanish without a word:
 * a new project stays listed, any other record says why it is not.
 */
export function ResourceRoute({ def }: { def: AnyResourceDef }) {
  const { t } = useTranslation();
  const project = useBridge((s) => s.project);
  const refreshKey = useBridge((s) => s.refreshKey);
  // projects added here while this project is picked: listed beside it until another is picked
  const [kept, setKept] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ kind: 'keptProject' | 'elsewhere'; name: string } | null>(null);
  useEffect(() => {
    setKept([]);
    setNotice(null);
  }, [project]);
  const fixed = useMemo(() => {
    const base = projectFilters(def, project);
    return kept.length && base[PROJECT_IDS_PARAM] ? { ...base, [PROJECT_IDS_PARAM]: [base[PROJECT_IDS_PARAM], ...kept].join(',') } : base;
  }, [def, project, kept]);
  const newRecord = useMemo(() => newRecordValues(def, project), [def, project]);
  const filtered = Object.keys(fixed).length > 0;

  const saved = (write: ResourceWrite) => {
    const record = write.record;
    if ((write.kind !== 'add' && write.kind !== 'edit') || !record) return;
    if (listedUnder(def, project, record)) {
      if (!kept.includes(record.id)) setNotice(null);
      return;
    }
    const name = String(record[labelFieldOf(def)] ?? record.id);
    if (def.name === 'project') {
      if (write.kind === 'add') setKept((ids) => [...ids, record.id]);
      setNotice({ kind: 'keptProject', name });
    } else setNotice({ kind: 'elsewhere', name });
  };

  return (
    <>
      {filtered && project && <Alert className="coredata-project-filter" type="info" showIcon style={{ marginBottom: 12 }} message={`${t('overview.project')}: ${project.name}`} />}
      {notice && project && (
        <Alert
          className="coredata-saved-notice"
          type="warning"
          showIcon
          closable
          onClose={() => setNotice(null)}
          style={{ marginBottom: 12 }}
          message={t(`saved.${notice.kind}`, { name: notice.name, project: project.name })}
        />
      )}
      <ResourcePage
        def={def}
        fixedParams={fixed}
        newRecord={newRecord}
        reloadKey={refreshKey}
        exportable
        onExportState={(state) => emit(SUBAPP_EVENTS.exportState, state)}
        onChanged={saved}
      />
    </>
  );
}
