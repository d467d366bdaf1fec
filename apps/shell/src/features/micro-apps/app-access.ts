import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { findMenuInRoutes } from '../menu/menu-resolution';

/**
 * Which sub-apps the user may open: those their menus lead to (a top menu or a menu naming the
 * app's serviceName). Whoever has 子应用管理 may open any registered app (to try one before
 * it has menus, as its author does). The server leaves out the menus of apps that lead nowhere
 * for everyone else (menu-visibility.ts), so neither the preload nor a typed address starts an
 * app whose calls the user would be refused (issue 31).
 */
export interface AppAccess {
  names: ReadonlySet<string>;
  any: boolean;
}

export function appAccess(topMenus: readonly TopMenu[], routesByTop: Record<string, MenuNode[] | undefined>): AppAccess {
  const names = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      const name = n.serviceName || n.meta?.serviceName;
      if (name) names.add(name);
      walk(n.children ?? []);
    }
  };
  for (const top of topMenus) if (top.serviceName) names.add(top.serviceName);
  for (const routes of Object.values(routesByTop)) walk(routes ?? []);
  return { names, any: !!findMenuInRoutes(routesByTop, subAppResource.page!.path) };
}

export const mayOpenApp = (access: AppAccess, serviceName: string): boolean => access.any || access.names.has(serviceName);
