import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { AppstoreOutlined, FileOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import type { MenuNode } from '@wb/contracts/menu';
import { flattenMenus, normalizePath } from '../../features/menu/menu-resolution';
import { useOpenMenu } from './use-open-menu';

type Item = NonNullable<MenuProps['items']>[number];

function toItems(nodes: MenuNode[], depth = 0): Item[] {
  return nodes
    .filter((node) => node.category !== 2)
    .map((node) => {
      const children = (node.children ?? []).filter((child) => child.category !== 2);
      // Top-level entries get an icon so the collapsed sidebar still shows them.
      const icon = depth === 0 ? children.length ? <AppstoreOutlined /> : <FileOutlined /> : undefined;
      return children.length
        ? { key: node.id, label: node.name, icon, children: toItems(children, depth + 1) }
        : { key: node.id, label: node.name, icon };
    });
}

/** The side menu: the children of the selected top menu (spec §2). */
export function SideMenu({ routes, collapsed, dark }: { routes: MenuNode[]; collapsed: boolean; dark: boolean }) {
  const { pathname } = useLocation();
  const { openMenu } = useOpenMenu();
  const flat = useMemo(() => flattenMenus(routes), [routes]);
  const items = useMemo(() => toItems(routes), [routes]);
  const current = flat.find(({ node }) => normalizePath(node.path ?? '') === normalizePath(pathname));
  const trailKeys = useMemo(() => current?.trail.map((n) => n.id) ?? [], [current]);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);

  // Opening a page elsewhere (tab, link) unfolds its branch.
  useEffect(() => {
    if (trailKeys.length) setOpenKeys((keys) => [...new Set([...keys, ...trailKeys])]);
  }, [trailKeys]);

  return (
    <Menu
      className="wb-side-menu"
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={current ? [current.node.id] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        const node = flat.find((entry) => entry.node.id === key)?.node;
        if (node) openMenu(node);
      }}
    />
  );
}
