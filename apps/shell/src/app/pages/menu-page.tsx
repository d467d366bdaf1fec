import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { findMenuInRoutes, normalizePath, serviceNameOf, subAppPrefixOf } from '../../features/menu/menu-resolution';
import { PageLoading } from '../../shared/ui/page-loading';
import { pageRegistry } from '../page-registry';
import { SubAppOutlet } from '../../features/micro-apps/sub-app-outlet';
import { useRegisteredPrefix, useSubAppRoute } from '../../features/micro-apps/use-sub-app-route';
import { MissingPage } from './missing-page';
import { VirtualPage } from './virtual-page';

// Its own chunk: the resource definitions load with the first menu page that needs them.
const CataloguePage = lazy(() => import('../../admin/catalogue-page'));

/**
 * Catch-all of the layout: routes added from the server menu. A path the
 * user's menus do not hold is 403 or 404 (missing-page.tsx); a menu path is the shell's page for it, else
 * the generic page of the resource the catalogue puts there, else a virtual page.
 */
export default function MenuPage() {
  const { pathname } = useLocation();
  const index = useMenuIndex();
  const path = normalizePath(pathname);
  const menu = findMenuInRoutes(index.routesByTop, path);

  const prefix = subAppPrefixOf(path);
  const registered = useRegisteredPrefix(path);
  const app = useSubAppRoute();
  // Sub-applications own every path under their prefix, menu or not; the layout's stage shows them,
  // those the user may open (app-access.ts).
  if (prefix || registered) return app.allowed === false ? <MissingPage path={path} status="403" /> : <SubAppOutlet />;
  if (index.pending) return <PageLoading />;
  if (!menu) return <MissingPage path={path} />;

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
