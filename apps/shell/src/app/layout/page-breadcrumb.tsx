import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { menuLabel } from '../../features/menu/menu-label';
import { flattenMenus } from '../../features/menu/menu-resolution';

/**
 * Where the shown page is in the menus: its top menu, the side menu's groups above it,
 * and its own name; beside the tabs, so a page opened from a tab or a search still says
 * which section it belongs to.
 */
export function PageBreadcrumb({ menu, routes, top }: { menu: MenuNode | undefined; routes: MenuNode[]; top: TopMenu | undefined }) {
  const { t } = useTranslation();
  const trail = useMemo(() => (menu ? flattenMenus(routes).find((entry) => entry.node.id === menu.id)?.trail : undefined), [menu, routes]);
  if (!menu || !trail) return null;
  const names = [...(top ? [menuLabel(t, top.code, top.name)] : []), ...trail.map((node) => menuLabel(t, node.code, node.name)), menuLabel(t, menu.code, menu.name)];
  return <Breadcrumb className="wb-breadcrumb" items={names.map((title, i) => ({ key: i, title }))} />;
}
