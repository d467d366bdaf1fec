import { useMemo, useState } from 'react';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelFieldOf } from '@wb/contracts/resource';
import { invalidateDictionaries } from './dictionaries';
import { useResourceHost } from './host';
import { resourceApi, type AnyRecord, type AnyResourceDef } from './resource-api';
import { registerResourceI18n, resourceKeys } from './resource-i18n';
import { ResourcePage, type ResourceWrite } from './resource-page';

export interface ParentChildPageProps {
  /** the parents' view (its list: the parents only, paged) */
  parent: AnyResourceDef;
  /** the children's view: `parent.field` holds the chosen parent's key, `parent.inherit` is copied from it */
  child: AnyResourceDef;
  /** the two tables side by side, or the children below the parents */
  layout: 'horizontal' | 'vertical';
}

/**
 * Both views list one level each (a page of parents, a page of one parent's
 * children), so a tree def's level-by-level rows do not apply to them.
 */
const oneLevel = (def: AnyResourceDef): AnyResourceDef => (def.tree ? { ...def, tree: undefined } : def);

/**
 * Two generic tables of one resource: its parents (the dictionary codes) and
 * the children of the parent row clicked (that code's items). Every write of
 * either table drops the cached dictionaries, which the fields of other pages
 * read.
 */
export function ParentChildPage({ parent, child, layout }: ParentChildPageProps) {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, parent);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const parentDef = useMemo(() => oneLevel(parent), [parent]);
  const childDef = useMemo(() => oneLevel(child), [child]);
  const parentApi = useMemo(() => resourceApi(parentDef, host.transport), [parentDef, host.transport]);
  const [chosen, setChosen] = useState<AnyRecord | null>(null);
  const [childReload, setChildReload] = useState(0);

  /** A parent was written: the chosen one may be gone, or changed (its code, which its children inherit). */
  const parentWritten = (write: ResourceWrite) => {
    invalidateDictionaries();
    if (!chosen || !write.ids.includes(chosen.id)) return;
    if (write.kind === 'delete') {
      setChosen(null);
      return;
    }
    void parentApi
      .detail(chosen.id)
      .catch(() => null)
      .then((record) => {
        setChosen(record ?? null);
        setChildReload((n) => n + 1);
      });
  };

  const chosenName = chosen ? String(chosen[labelFieldOf(parentDef)] ?? chosen.id) : '';
  const childTitle = chosen ? `${t(resourceKeys(parentDef).title)} · ${chosenName}` : t('crud.chooseParent', { title: t(resourceKeys(parentDef).title) });

  const parentTable = <ResourcePage def={parentDef} onRowClick={setChosen} activeRowKey={chosen?.id} onChanged={parentWritten} />;
  const childTable = (
    <ResourcePage
      // another parent's children start afresh: no rows chosen, no search, page 1
      key={chosen?.id ?? ''}
      def={childDef}
      parentRecord={chosen}
      headerTitle={childTitle}
      reloadKey={childReload}
      onChanged={invalidateDictionaries}
    />
  );

  if (layout === 'vertical') {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {parentTable}
        {childTable}
      </div>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} xl={11}>
        {parentTable}
      </Col>
      <Col xs={24} xl={13}>
        {childTable}
      </Col>
    </Row>
  );
}
