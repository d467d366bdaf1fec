import { queryClient } from './query-client';
import { useSession } from './session-store';
import { clearStorage } from './storage';
import { LANGUAGE_STORE_NAME } from './i18n/i18n';
import { navigateTo } from './navigation';

/**
 * Forgets the session on this device: tokens, menus (query cache), permissions,
 * tabs and lock, and both storages except the version marker and the locale
 * (spec §4 Session), then goes to /login. Used by logout and by a 401; after a
 * 401 (`keepTarget`) the login returns to the page the user was on.
 */
export function localLogout(options: { keepTarget?: boolean } = {}): void {
  const target = `${window.location.pathname}${window.location.search}`;
  const keep = options.keepTarget && !target.startsWith('/login') && target !== '/';
  // Navigate first: the guards see /login and do not add a redirect of their own.
  navigateTo(keep ? `/login?redirect=${encodeURIComponent(target)}` : '/login', { replace: true });
  useSession.getState().reset();
  queryClient.clear();
  clearStorage([LANGUAGE_STORE_NAME]);
}
