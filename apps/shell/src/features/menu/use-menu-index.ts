import { useMemo } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { routesQuery, topMenusQuery } from './api/menu-queries';

export interface MenuIndex {
  /** true until the top menus and every top menu's routes have answered */
  pending: boolean;
  topMenus: TopMenu[];
  /** top menu id → its side menu tree */
  routesByTop: Record<string, MenuNode[]>;
  /** the top-menu call itself failed (not the same as "no menu configured") */
  failed: boolean;
}

function combine(results: UseQueryResult<MenuNode[]>[]) {
  return { pending: results.some((r) => r.isPending), data: results.map((r) => r.data) };
}

/**
 * All menus of the user. Every top menu's routes are loaded so that a path
 * opened directly (reload, deep link) can be matched to its top menu.
 */
export function useMenuIndex(): MenuIndex {
  const top = useQuery(topMenusQuery);
  const topMenus = useMemo(() => top.data ?? [], [top.data]);
  const routes = useQueries({ queries: topMenus.map((m) => routesQuery(m.id)), combine });
  const routesByTop = useMemo(() => {
    const map: Record<string, MenuNode[]> = {};
    topMenus.forEach((m, i) => {
      map[m.id] = routes.data[i] ?? [];
    });
    return map;
  }, [topMenus, routes.data]);
  return { pending: top.isPending || routes.pending, topMenus, routesByTop, failed: top.isError };
}
