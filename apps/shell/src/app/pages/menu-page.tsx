import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { findMenuInRoutes, normalizePath, serviceNameOf, subAppPrefixOf } from '../../features/menu/menu-resolution';
import { PageLoading } from '../../shared/ui/page-loading';
import { pageRegistry } from '../page-registry';
import { SubAppOutlet } from '../../features/micro-apps/sub-app-outlet';
import { useRegisteredPrefix } from '../../features/micro-apps/use-sub-app-route';
import { VirtualPage } from './virtual-page';

// Its own chunk: the resource definitions load with the first menu page that needs them.
const CataloguePage = lazy(() => import('../../admin/catalogue-page'));

/**
 * Catch-all of the layout: routes added from the server menu. A path the
 * user's menus do not hold is 404; a menu path is the shell's page for it, else
 * the generic page of the resource the catalogue puts there, else a virtual page.
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
  return (
    <Suspense fallback={<PageLoading />}>
      {Page ? (
        <Page />
      ) : (
        // keyed: another resource's page starts afresh (this route stays mounted across menu paths)
        <CataloguePage key={path} path={path} fallback={<VirtualPage service={serviceNameOf(menu, path)} name={menu.name} />} />
      )}
    </Suspense>
  );
}
