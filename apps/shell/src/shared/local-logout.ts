import { queryClient } from './query-client';
import { useSession } from './session-store';
import { clearStorage, setStore } from './storage';
import { KEPT_KEY_PREFIXES_ON_LOGOUT, KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT, LOGIN_NOTICE_STORE_NAME } from './storage-names';
import { navigateTo } from './navigation';

/**
 * Forgets the session on this device: tokens, menus (query cache), permissions,
 * tabs and lock, and both storages except the version marker and this
 * browser's choices (locale, theme, each user's project and tables: storage-names.ts),
 * then goes to /login. Used by logout and by a 401; after a
 * 401 (`keepTarget`) the login returns to the page the user was on.
 * `notice` (why the session ended) is shown by the login page, which is a
 * document of its own: a message shown here would go with this one.
 */
export interface LoginNotice {
  kind: 'success' | 'warning';
  text: string;
}

export function localLogout(options: { keepTarget?: boolean; notice?: LoginNotice } = {}): void {
  const target = `${window.location.pathname}${window.location.search}`;
  const keep = options.keepTarget && !target.startsWith('/login') && target !== '/';
  // Navigate first: the guards see /login and do not add a redirect of their own.
  navigateTo(keep ? `/login?redirect=${encodeURIComponent(target)}` : '/login', { replace: true });
  useSession.getState().reset();
  queryClient.clear();
  clearStorage(KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT, KEPT_KEY_PREFIXES_ON_LOGOUT);
  if (options.notice) setStore(LOGIN_NOTICE_STORE_NAME, options.notice, 'session');
}
