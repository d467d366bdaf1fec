import { useEffect, useRef } from 'react';
import { STATUS_DOCUMENTS } from '@wb/contracts/page-documents';
import { fixedPages } from '../page-registry';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session-store';
import type { MenuIndex } from '../../features/menu/use-menu-index';
import { findTopMenuForPath, isShellOwnedPath, normalizePath, retryLookup } from '../../features/menu/menu-resolution';

/** Shell routes that belong to no top menu. */
export function isShellRoute(path: string): boolean {
  return (
    path === '/' ||
    path === '/wel' ||
    path.startsWith('/wel/') ||
    path.startsWith('/myiframe') ||
    path === '/info/index' ||
    path === '/logs' ||
    path in fixedPages ||
    // the error pages are in the layout (router.tsx) and belong to no top menu either
    STATUS_DOCUMENTS.some((status) => path === `/${status}`) ||
    isShellOwnedPath(path)
  );
}

/**
 * A path opened directly (reload, link) selects the top menu that holds it, so
 * the side menu shows its branch. Tries 10 × 200 ms while menus arrive, then goes to /.
 */
export function useTopMenuSync(pathname: string, index: MenuIndex): void {
  const navigate = useNavigate();
  const latest = useRef(index);
  latest.current = index;

  useEffect(() => {
    const path = normalizePath(pathname);
    if (index.pending || isShellRoute(path)) return;
    const controller = new AbortController();
    void retryLookup(() => findTopMenuForPath(path, latest.current.topMenus, latest.current.routesByTop), {
      signal: controller.signal,
    }).then((id) => {
      if (controller.signal.aborted) return;
      if (id === undefined) {
        navigate('/', { replace: true });
        return;
      }
      const session = useSession.getState();
      if (session.topMenuId !== id) session.setTopMenuId(id);
    });
    return () => controller.abort();
  }, [pathname, index.pending, navigate]);
}
