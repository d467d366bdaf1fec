import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Empty, Input, Modal, Row, Space, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@wb/contracts/resource';
import { useResourceHost } from '@wb/resource-ui/host';
import { grantApi, scopeLeaves, type GrantChoice, type GrantKeys, type GrantTrees, type PreviewMenu, type ViewAs } from './grant-api';
import { useBusy } from '../../shared/use-busy';

type Tab = keyof GrantTrees;
const TABS: Tab[] = ['menu', 'dataScope', 'apiScope'];

interface Props {
  role: { id: string; roleName: string };
  onClose(): void;
}

const allKeys = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);

/** The nodes whose title matches, whole (with their buttons), and the path to each. */
function filterTree(nodes: TreeNode[], text: string): TreeNode[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.includes(text)) return [n];
    const children = filterTree(n.children ?? [], text);
    return children.length ? [{ ...n, children }] : [];
  });
}

/**
 * The grant dialog of one role: menus (buttons as leaves), data scopes and API scopes, each a
 * checkable tree, checked from what the role holds; a preview of what the unsaved choice gives.
 */
export function RoleGrantDialog({ role, onClose }: Props) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const api = useMemo(() => grantApi(host.transport), [host.transport]);
  const [trees, setTrees] = useState<GrantTrees | null>(null);
  const [checked, setChecked] = useState<GrantKeys>({ menu: [], dataScope: [], apiScope: [] });
  const [halfMenus, setHalfMenus] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<ViewAs | null>(null);
  const { busy, run } = useBusy();

  useEffect(() => {
    let live = true;
    void Promise.all([api.trees(), api.keys(role.id)])
      .then(([tr, keys]) => {
        if (!live) return;
        setTrees(tr);
        setChecked(keys);
        setExpanded(tr.menu.map((n) => n.key));
      })
      .catch(onClose);
    return () => {
      live = false;
    };
  }, [api, role.id, onClose]);

  const choice = (): GrantChoice => ({
    menuIds: [...new Set([...checked.menu, ...halfMenus])].join(','),
    dataScopeIds: scopeLeaves(checked.dataScope).join(','),
    apiScopeIds: scopeLeaves(checked.apiScope).join(','),
  });

  const save = async () => {
    if (!(await run(() => api.save(role.id, choice())))) return;
    void host.feedback().message.success(t('roleGrant.saved'));
    onClose();
  };

  const tree = (tab: Tab) => {
    const nodes = tab === 'menu' ? filterTree(trees!.menu, search) : trees![tab];
    if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    return (
      <Tree<TreeNode>
        checkable
        selectable={false}
        treeData={nodes}
        fieldNames={{ title: 'title', key: 'key', children: 'children' }}
        checkedKeys={checked[tab]}
        {...(tab === 'menu' ? { expandedKeys: search ? allKeys(nodes) : expanded, onExpand: (keys) => setExpanded(keys.map(String)) } : { defaultExpandAll: true })}
        onCheck={(keys, info) => {
          setChecked((c) => ({ ...c, [tab]: (Array.isArray(keys) ? keys : keys.checked).map(String) }));
          if (tab === 'menu') setHalfMenus((info.halfCheckedKeys ?? []).map(String));
          setPreview(null);
        }}
        height={420}
      />
    );
  };

  return (
    <Modal
      open
      width={preview ? 1040 : 720}
      title={`${t('roleGrant.grant')} · ${role.roleName}`}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={() => void api.preview(choice()).then(setPreview, () => undefined)} disabled={!trees}>
            {t('roleGrant.preview')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!trees} onClick={() => void save()}>
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      {!trees ? (
        <Spin />
      ) : (
        <Row gutter={16}>
          <Col span={preview ? 14 : 24}>
            <Tabs
              items={TABS.map((tab) => ({
                key: tab,
                label: t(`roleGrant.${tab === 'menu' ? 'menus' : tab === 'dataScope' ? 'dataScopes' : 'apiScopes'}`),
                children: (
                  <>
                    {tab === 'menu' && (
                      <Space style={{ marginBottom: 8 }}>
                        <Input.Search allowClear placeholder={t('roleGrant.search')} onSearch={setSearch} onChange={(e) => !e.target.value && setSearch('')} style={{ width: 220 }} />
                        <Button size="small" onClick={() => setExpanded(allKeys(trees.menu))}>
                          {t('roleGrant.expand')}
                        </Button>
                        <Button size="small" onClick={() => setExpanded([])}>
                          {t('roleGrant.collapse')}
                        </Button>
                      </Space>
                    )}
                    {tree(tab)}
                  </>
                ),
              }))}
            />
          </Col>
          {preview && (
            <Col span={10} data-testid="grant-preview">
              <PreviewPanel preview={preview} />
            </Col>
          )}
        </Row>
      )}
    </Modal>
  );
}

type PreviewNode = { key: string; title: string; children?: PreviewNode[] };

/** What a set of grants gives: the side menu, the buttons, the scopes. */
export function PreviewPanel({ preview, heading = true }: { preview: ViewAs; heading?: boolean }) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const toNodes = (list: PreviewMenu[]): PreviewNode[] => list.map((m) => ({ key: m.id, title: m.name, ...(m.children ? { children: toNodes(m.children) } : {}) }));
  const none = <Typography.Text type="secondary">{t('roleGrant.none')}</Typography.Text>;
  return (
    <div style={{ maxHeight: 480, overflow: 'auto' }}>
      {heading && <Typography.Title level={5}>{t('roleGrant.previewTitle')}</Typography.Title>}
      <Typography.Text strong>{t('roleGrant.previewMenus')}</Typography.Text>
      {preview.menus.length ? <Tree treeData={toNodes(preview.menus)} defaultExpandAll selectable={false} /> : <div>{none}</div>}
      <Typography.Text strong>{t('roleGrant.previewButtons')}</Typography.Text>
      <div style={{ margin: '4px 0 12px' }}>{preview.buttons.length ? preview.buttons.map((b) => <Tag key={b}>{b}</Tag>) : none}</div>
      <Typography.Text strong>{t('roleGrant.dataScopes')}</Typography.Text>
      <div style={{ margin: '4px 0 12px' }}>
        {preview.dataScopes.length
          ? preview.dataScopes.map((d) => (
              <Tag color="blue" key={`${d.resourceCode}-${d.scopeName}`}>
                {d.resourceCode} · {d.scopeName} ({t(`roleGrant.scopeTypes.${d.scopeType}`)})
              </Tag>
            ))
          : none}
      </div>
      <Typography.Text strong>{t('roleGrant.apiScopes')}</Typography.Text>
      <div style={{ margin: '4px 0' }}>
        {preview.apiScopes.length
          ? preview.apiScopes.map((a) => (
              <Tag color="purple" key={a.scopePath}>
                {a.scopeName} {a.scopePath}
              </Tag>
            ))
          : none}
      </div>
    </div>
  );
}
