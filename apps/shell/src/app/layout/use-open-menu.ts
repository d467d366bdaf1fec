import { useCallback } from 'react';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { appEnv } from '../../shared/env';
import { feedback } from '../../shared/feedback';
import { navigateTo } from '../../shared/navigation';
import { i18n } from '../../shared/i18n/i18n';
import { queryClient } from '../../shared/query-client';
import { useSession } from '../../shared/session-store';
import { routesQuery } from '../../features/menu/api/menu-queries';
import { reportAddress, ssoAddress } from '../../features/menu/api/link-tickets';
import { firstLeaf, menuTarget, type MenuTarget } from '../../features/menu/menu-resolution';
import type { SearchEntry } from '../../features/menu/menu-search';
import { usePlaceholderValues } from './use-placeholder-values';

function openWindow(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/**
 * A window opened before the ticket call returns: opened later, after an
 * await, the browser would treat it as a pop-up and block it.
 */
async function openTicketWindow(address: () => Promise<string>): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const url = await address();
    if (!/^https?:\/\//i.test(url)) throw new Error(url);
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    win?.close();
    // A refusal was already shown by the request client (the server's message).
    if (!(error instanceof Error && error.name === 'RequestError')) void feedback().message.error(i18n.t('request.unknownError'));
  }
}

/** Opening menu items: a route of the shell, the embedded page, a new window, or a single-sign-on link. */
/** Opens where a menu leads: a window, a ticketed address, or a page of the shell. */
function go(target: MenuTarget): void {
  if (target.kind === 'window') openWindow(target.href);
  else if (target.kind === 'sso') void openTicketWindow(() => ssoAddress(target.systemType, target.parkCode));
  else if (target.kind === 'report') void openTicketWindow(() => reportAddress(target.systemCode));
  else navigateTo(target.to);
}

export function useOpenMenu() {
  const setTopMenuId = useSession((s) => s.setTopMenuId);
  const values = usePlaceholderValues();
  const gray = appEnv.environment === 'gray';

  const targetOf = useCallback((menu: Parameters<typeof menuTarget>[0]) => menuTarget(menu, { values, gray }), [values, gray]);
  const openMenu = useCallback((menu: MenuNode) => go(targetOf(menu)), [targetOf]);
  /** a leaf that opens inside the shell: what a branch or top menu shows when opened */
  const showsInShell = useCallback((menu: MenuNode) => targetOf(menu).kind === 'route', [targetOf]);

  /**
   * Picking a top menu remembers it, loads its side menu (and, through the
   * layout, its buttons) and opens the first leaf.
   */
  const openTopMenu = useCallback(
    async (top: TopMenu) => {
      if (top.isBlank) {
        openWindow(top.path || FIRST_PAGE);
        return;
      }
      setTopMenuId(top.id);
      const routes = await queryClient.fetchQuery(routesQuery(top.id));
      const leaf = firstLeaf(routes, showsInShell);
      if (leaf) openMenu(leaf);
      else if (top.path) go(targetOf({ path: top.path, name: top.name, query: '', isOpen: 1, isBlank: false }));
    },
    [openMenu, setTopMenuId, showsInShell, targetOf],
  );

  /** A search result: a top menu opens like a click on it; a branch opens its first leaf. */
  const openSearchEntry = useCallback(
    (entry: SearchEntry) => {
      if (entry.kind === 'top' || !entry.node) {
        void openTopMenu(entry.top);
        return;
      }
      const leaf = entry.node.children?.some((c) => c.category !== 2) ? firstLeaf(entry.node.children, showsInShell) : entry.node;
      setTopMenuId(entry.topId);
      if (leaf) openMenu(leaf);
    },
    [openMenu, openTopMenu, setTopMenuId, showsInShell],
  );

  return { openMenu, openTopMenu, openSearchEntry, targetOf };
}
