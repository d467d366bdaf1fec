import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { useMenuIndex } from '../menu/use-menu-index';
import { findMenuInRoutes, normalizePath, subAppPrefixOf } from '../menu/menu-resolution';
import { subAppRegistryQuery } from './api/registry';
import { descriptorForPath, descriptorsForPath, innerRoute } from './registry';
import { appAccess, mayOpenApp, type AppAccess } from './app-access';

export interface SubAppRoute {
  /** the registry has not answered yet */
  pending: boolean;
  /** the registry call failed */
  failed: boolean;
  /** the shell path (normalised) */
  path: string;
  search: string;
  /** the path is one a sub-app owns: a known mount prefix or a registered one */
  owned: boolean;
  /** the app that owns it, when one is registered */
  descriptor?: SubAppDescriptor;
  /** the route inside the app ('/company?x=1') */
  route: string;
  /** whether the user may open the app (app-access.ts); undefined until the menus have answered */
  allowed?: boolean;
}

/** Which apps the user may open; undefined until the menus have answered. */
export function useAppAccess(): AppAccess | undefined {
  const index = useMenuIndex();
  return useMemo(() => (index.pending ? undefined : appAccess(index.topMenus, index.routesByTop)), [index.pending, index.topMenus, index.routesByTop]);
}

/** Which sub-app the current address belongs to (registry.ts rules, the menu's serviceName deciding shared prefixes). */
export function useSubAppRoute(): SubAppRoute {
  const { pathname, search } = useLocation();
  const registry = useQuery(subAppRegistryQuery);
  const index = useMenuIndex();
  const path = normalizePath(pathname);
  const menu = findMenuInRoutes(index.routesByTop, path);
  const serviceName = menu?.serviceName || menu?.meta?.serviceName || undefined;
  const access = useAppAccess();
  return useMemo(() => {
    const list = registry.data ?? [];
    const descriptor = descriptorForPath(list, path, serviceName);
    const owned = !!subAppPrefixOf(path) || descriptorsForPath(list, path).length > 0;
    const allowed = access && (!descriptor || mayOpenApp(access, descriptor.serviceName));
    return { pending: registry.isPending, failed: registry.isError, path, search, owned, descriptor, route: descriptor ? innerRoute(descriptor, path, search) : '/', allowed };
  }, [registry.data, registry.isPending, registry.isError, path, search, serviceName, access]);
}

/** Whether a path lies under a prefix of the registry (apps an administrator added). */
export function useRegisteredPrefix(path: string): boolean {
  const registry = useQuery(subAppRegistryQuery);
  return useMemo(() => descriptorsForPath(registry.data ?? [], path).length > 0, [registry.data, path]);
}
