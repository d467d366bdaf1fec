import { queryClient } from './query-client';
import { useSession } from './session-store';
import { clearStorage } from './storage';
import { LANGUAGE_STORE_NAME } from './i18n/i18n';
import { navigateTo } from './navigation';

/**
 * Forgets the session on this device: tokens, menus (query cache), permissions,
 * tabs and lock, and both storages except the version marker and the locale
 * (spec §4 Session). Used by logout and by a 401.
 */
export function localLogout(): void {
  useSession.getState().reset();
  queryClient.clear();
  clearStorage([LANGUAGE_STORE_NAME]);
  navigateTo('/login', { replace: true });
}
