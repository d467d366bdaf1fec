import { queryOptions } from '@tanstack/react-query';
import { flattenButtonCodes, type ButtonNode, type MenuNode, type TopMenu } from '@wb/contracts/menu';
import { http } from '../../../shared/request';

/** Menus change only when an administrator edits them: keep them for the session. */
const MENU_STALE_MS = Infinity;

export const topMenusQuery = queryOptions({
  queryKey: ['menu', 'top'],
  queryFn: () => http.get<TopMenu[]>('/us-system/v2/top-menu-multi/top-menu'),
  staleTime: MENU_STALE_MS,
});

export function routesQuery(topMenuId: string) {
  return queryOptions({
    queryKey: ['menu', 'routes', topMenuId],
    queryFn: async () => (await http.get<MenuNode[] | null>('/us-system/v2/menu-multi/routes', { topMenuId })) ?? [],
    staleTime: MENU_STALE_MS,
  });
}

/** Buttons are reloaded when the top menu changes, hence the id in the key. */
export function buttonsQuery(topMenuId: string | undefined) {
  return queryOptions({
    queryKey: ['menu', 'buttons', topMenuId ?? ''],
    queryFn: async () => flattenButtonCodes(await http.get<ButtonNode[] | null>('/us-system/menu/buttons')),
    staleTime: MENU_STALE_MS,
  });
}
