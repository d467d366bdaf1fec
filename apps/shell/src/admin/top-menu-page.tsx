import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@wb/contracts/resource';
import { topMenuResource } from '@wb/contracts/resources/access';
import { useResourceHost } from '@wb/resource-ui/host';
import { ResourcePage } from '@wb/resource-ui/resource-page';
import { registerResourceI18n } from '@wb/resource-ui/resource-i18n';
import { ShellResourceHost } from './shell-resource-host';
import { useBusy } from '../shared/use-busy';

const TEXTS = { zh: { setting: '菜单配置' }, en: { setting: 'Menus' } };

/**
 * The menus a top menu shows: each checked menu is one of its roots (checked one by one, a parent
 * does not check its children), saved by `topmenu/grant`.
 */
function TopMenuMenus({ top, onClose }: { top: { id: string; name: string }; onClose(): void }) {
  const host = useResourceHost();
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const { busy, run } = useBusy();
  useEffect(() => {
    void Promise.all([
      host.transport.get<{ menu: TreeNode[] }>('/us-system/menu/grant-top-tree'),
      host.transport.get<{ menu: string[] }>('/us-system/menu/top-tree-keys', { topMenuIds: top.id }),
    ]).then(([nodes, keys]) => {
      setTree(nodes.menu);
      setChecked(keys.menu);
    }, onClose);
  }, [host.transport, top.id, onClose]);
  const save = async () => {
    if (!(await run(() => host.transport.post('/us-system/topmenu/grant', { topMenuIds: top.id, menuIds: checked.join(',') })))) return;
    void host.feedback().message.success(t('crud.done'));
    onClose();
  };
  return (
    <Modal
      open
      title={`${t('topMenu.setting')} · ${top.name}`}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ loading: busy }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      {tree ? (
        <Tree<TreeNode>
          checkable
          checkStrictly
          selectable={false}
          height={420}
          treeData={tree}
          fieldNames={{ title: 'title', key: 'key', children: 'children' }}
          defaultExpandedKeys={tree.map((n) => n.key)}
          checkedKeys={{ checked, halfChecked: [] }}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

function TopMenus() {
  const host = useResourceHost();
  registerResourceI18n(host.i18n, topMenuResource);
  if (!host.i18n.exists('topMenu.setting')) for (const lng of ['zh', 'en'] as const) host.i18n.addResourceBundle(lng, 'translation', { topMenu: TEXTS[lng] }, true, true);
  const { t } = useTranslation(undefined, { i18n: host.i18n });
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <ResourcePage
        def={topMenuResource}
        rowActionLabels={[t('topMenu.setting')]}
        rowActions={(row) =>
          host.can(topMenuResource.permissions.edit)
            ? [
                <Button key="menus" type="link" size="small" onClick={() => setOpen({ id: String(row.id), name: String(row.name) })}>
                  {t('topMenu.setting')}
                </Button>,
              ]
            : []
        }
      />
      {open && <TopMenuMenus top={open} onClose={close} />}
    </>
  );
}

/** /system/topmenu: the tenant's top menus and the menus each one shows. */
export default function TopMenuPage() {
  return (
    <ShellResourceHost>
      <TopMenus />
    </ShellResourceHost>
  );
}
