import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { queryClient } from '../../shared/query-client';
import { useSession } from '../../shared/session-store';
import { routesQuery } from '../../features/menu/api/menu-queries';
import { firstLeaf, menuTarget, type MenuTarget } from '../../features/menu/menu-resolution';

function openWindow(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/** Opening menu items: a route of the shell, the embedded page or a new window. */
export function useOpenMenu() {
  const navigate = useNavigate();
  const setTopMenuId = useSession((s) => s.setTopMenuId);

  const go = useCallback(
    (target: MenuTarget) => {
      if (target.kind === 'window') openWindow(target.href);
      else navigate(target.to);
    },
    [navigate],
  );

  const openMenu = useCallback((menu: MenuNode) => go(menuTarget(menu)), [go]);

  /**
   * Picking a top menu remembers it, loads its side menu (and, through the
   * layout, its buttons) and opens the first leaf (spec §2, §4).
   */
  const openTopMenu = useCallback(
    async (top: TopMenu) => {
      if (top.isBlank) {
        openWindow(top.path || FIRST_PAGE);
        return;
      }
      setTopMenuId(top.id);
      const routes = await queryClient.fetchQuery(routesQuery(top.id));
      const leaf = firstLeaf(routes);
      if (leaf) go(menuTarget(leaf));
      else if (top.path) go(menuTarget({ path: top.path, name: top.name, query: '', isOpen: 1, isBlank: false }));
    },
    [go, setTopMenuId],
  );

  return { openMenu, openTopMenu };
}
