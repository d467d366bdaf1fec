import { useMemo, type MouseEvent } from 'react';
import { Breadcrumb, type BreadcrumbProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { menuLabel } from '../../features/menu/menu-label';
import { firstLeaf } from '../../features/menu/menu-resolution';
import { menuTrail } from './breadcrumb-trail';
import { useOpenMenu } from './use-open-menu';

type Item = NonNullable<BreadcrumbProps['items']>[number];

/**
 * Where the shown page is in the menus: its top menu, the side menu's groups above it, and
 * its own name; beside the tabs, so a page opened from a tab or a search still says which
 * section it belongs to. A crumb that leads to another page of the shell is a link: the top
 * menu and a group open their first page, as a click on the top menu or a search for the
 * group does; the page's own crumb leads back to it from a page of a sub-app below it
 * (`beneath`, the app's own route). The page shown is not a link.
 */
export function PageBreadcrumb({ menu, routes, top, beneath = false }: { menu: MenuNode | undefined; routes: MenuNode[]; top: TopMenu | undefined; beneath?: boolean }) {
  const { t } = useTranslation();
  const { openMenu, targetOf } = useOpenMenu();
  const place = useMemo(() => (menu ? menuTrail(menu, routes) : undefined), [menu, routes]);
  if (!place) return null;
  const { groups, page } = place;
  const inShell = (node: MenuNode) => targetOf(node).kind === 'route';

  const crumb = (key: string, title: string, leads: MenuNode | undefined): Item => {
    const target = leads && (leads.id !== page.id || beneath) ? targetOf(leads) : undefined;
    if (!leads || target?.kind !== 'route') return { key, title };
    return {
      key,
      title,
      href: target.to,
      onClick: (event: MouseEvent<HTMLElement>) => {
        // a new tab or window of the browser, as for any link
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openMenu(leads);
      },
    };
  };

  const items: Item[] = [
    ...(top ? [crumb(`top:${top.id}`, menuLabel(t, top.code, top.name), firstLeaf(routes, inShell))] : []),
    ...groups.map((group) => crumb(group.id, menuLabel(t, group.code, group.name), firstLeaf(group.children ?? [], inShell))),
    crumb(page.id, menuLabel(t, page.code, page.name), page),
  ];
  return <Breadcrumb className="wb-breadcrumb" items={items} />;
}
