import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { findMenuInRoutes, normalizePath, serviceNameOf, subAppPrefixOf } from '../../features/menu/menu-resolution';
import { PageLoading } from '../../shared/ui/page-loading';
import { pageRegistry } from '../page-registry';
import { SubAppOutlet } from '../../features/micro-apps/sub-app-outlet';
import { useRegisteredPrefix } from '../../features/micro-apps/use-sub-app-route';
import { VirtualPage } from './virtual-page';

/**
 * Catch-all of the layout: routes added from the server menu (spec §2). A path
 * the user's menus do not hold is 404; a menu path without a page is a virtual page.
 */
export default function MenuPage() {
  const { pathname } = useLocation();
  const index = useMenuIndex();
  const path = normalizePath(pathname);
  const menu = findMenuInRoutes(index.routesByTop, path);

  const prefix = subAppPrefixOf(path);
  const registered = useRegisteredPrefix(path);
  // Sub-applications own every path under their prefix, menu or not; the layout's stage shows them.
  if (prefix || registered) return <SubAppOutlet />;
  if (index.pending) return <PageLoading />;
  if (!menu) return <Navigate to="/404" replace />;

  const Page = pageRegistry[path];
  if (Page) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  return <VirtualPage service={serviceNameOf(menu, path)} name={menu.name} />;
}
