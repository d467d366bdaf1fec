import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { normalizePath } from '../../features/menu/menu-resolution';
import { PageLoading } from '../../shared/ui/page-loading';
import { isKnownPage } from '../known-pages';
import { pageRegistry } from '../page-registry';
import { StatusResult } from './error-page';

type Status = '403' | '404';

/**
 * A path the user's menus do not hold: /403 when it is a page of the product they may not
 * open (or an app their menus do not lead to), /404 when there is no such page; both inside
 * the shell. A kept-alive page whose tab is hidden (its menus changed under it: another role,
 * another department) shows the status where it is and moves nobody: the address belongs to
 * the page on screen (issue 31: a role switch went on to /404 from the page it left).
 */
export function MissingPage({ path, status: known }: { path: string; status?: Status }) {
  const [found, setFound] = useState<Status>();
  useEffect(() => {
    if (known) return;
    // a shell page is known at once; a resource's page when the catalogue has come
    if (path in pageRegistry) return setFound('403');
    let live = true;
    void isKnownPage(path)
      .catch(() => false)
      .then((page) => live && setFound(page ? '403' : '404'));
    return () => {
      live = false;
    };
  }, [path, known]);
  const status = known ?? found;
  if (!status) return <PageLoading />;
  const shown = normalizePath(window.location.pathname) === path;
  // hidden, it keeps the title of the page on screen too
  return shown ? <Navigate to={`/${status}`} replace /> : <StatusResult status={status} />;
}
