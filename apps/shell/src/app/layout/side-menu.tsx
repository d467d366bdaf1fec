import { useEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuProps, type MenuRef } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '@wb/contracts/menu';
import { menuLabel } from '../../features/menu/menu-label';
import { useMenuClosedOnChoice } from '../../shared/ui/closed-on-choice';
import { flattenMenus, IFRAME_ROUTE, normalizePath } from '../../features/menu/menu-resolution';
import { MenuIcon } from './menu-icon';
import { useOpenMenu } from './use-open-menu';

type Item = NonNullable<MenuProps['items']>[number];

function toItems(nodes: MenuNode[], t: TFunction, depth = 0): Item[] {
  return nodes
    .filter((node) => node.category !== 2)
    .map((node) => {
      const children = (node.children ?? []).filter((child) => child.category !== 2);
      // Top-level entries get an icon so the collapsed sidebar still shows them.
      const icon = depth === 0 ? <MenuIcon source={node.source} branch={children.length > 0} /> : undefined;
      const label = menuLabel(t, node.code, node.name);
      return children.length ? { key: node.id, label, icon, children: toItems(children, t, depth + 1) } : { key: node.id, label, icon };
    });
}

/** The side menu: the children of the selected top menu. */
export function SideMenu({ routes, collapsed, dark }: { routes: MenuNode[]; collapsed: boolean; dark: boolean }) {
  const { pathname, search } = useLocation();
  const { openMenu, targetOf } = useOpenMenu();
  const flat = useMemo(() => flattenMenus(routes), [routes]);
  const { t } = useTranslation();
  const items = useMemo(() => toItems(routes, t), [routes, t]);
  // an embedded link entry is current when the page shows its address (/myiframe?src=…)
  const current = pathname.startsWith(IFRAME_ROUTE)
    ? flat.find(({ node }) => {
        const target = targetOf(node);
        return target.kind === 'route' && target.to === `${pathname}${search}`;
      })
    : flat.find(({ node }) => normalizePath(node.path ?? '') === normalizePath(pathname));
  const trailKeys = useMemo(() => current?.trail.map((n) => n.id) ?? [], [current]);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);

  // Opening a page elsewhere (tab, link) unfolds its branch.
  useEffect(() => {
    if (trailKeys.length) setOpenKeys((keys) => [...new Set([...keys, ...trailKeys])]);
  }, [trailKeys]);

  // ... and brings its entry into view in a sidebar taller than the window, once the branch has unfolded.
  const menu = useRef<MenuRef>(null);
  const currentId = current?.node.id;
  useEffect(() => {
    if (!currentId) return;
    const timer = window.setTimeout(() => menu.current?.menu?.list.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' }), 300);
    return () => window.clearTimeout(timer);
  }, [currentId]);

  // Collapsed, its branches are hover popups, kept apart from the unfolded ones and closed on a choice.
  const popups = useMenuClosedOnChoice(() => menu.current?.menu?.list);

  return (
    <Menu
      ref={menu}
      className="wb-side-menu"
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={current ? [current.node.id] : []}
      openKeys={collapsed ? popups.menuProps.openKeys : openKeys}
      onOpenChange={collapsed ? popups.menuProps.onOpenChange : setOpenKeys}
      {...popups.triggerProps}
      onClick={({ key }) => {
        if (collapsed) popups.choose();
        const node = flat.find((entry) => entry.node.id === key)?.node;
        if (node) openMenu(node);
      }}
    />
  );
}
