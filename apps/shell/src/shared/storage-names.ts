import { TABLE_SETTINGS_KEY_PREFIX } from '@wb/resource-ui/table-settings';

/**
 * Wrapped storage names that outlive a logout: choices of this browser, not of
 * the session (logout clears the rest: local-logout.ts). One list, so logout and the
 * modules that write them cannot disagree.
 */
export const LANGUAGE_STORE_NAME = 'language';
/** why the session ended (password changed, session expired): the login document says so, once (session area) */
export const LOGIN_NOTICE_STORE_NAME = 'loginNotice';
export const THEME_STORE_NAME = 'themeName';
export const COLOR_STORE_NAME = 'themeColor';
/** developer/test override of the idle auto-lock minutes (env.ts) */
export const IDLE_LOCK_STORE_NAME = 'idleLockMinutes';
/**
 * the local error log: it describes this browser's failures, not the session,
 * and is still worth uploading after the user logged out and in again
 */
export const ERROR_LOG_STORE_NAME = 'errorLog';
/**
 * sub-app entries that failed to load (not preloaded again until a retry) and the router
 * mode detected per entry: facts about deployments as this browser saw them
 */
export const SUBAPP_FAILED_STORE_NAME = 'subAppFailedEntries';
export const SUBAPP_MODES_STORE_NAME = 'subAppRouterModes';
/** the picture of the last update announcement this browser opened (the version link's dot) */
export const UPGRADE_SEEN_STORE_NAME = 'upgradeSeen';
/** the selected project per user: `project-{tenantId}-{userId}` */
export const PROJECT_STORE_PREFIX = 'project-';
/**
 * the date the subscription expiry reminder was last shown, per user and project: deliberately not
 * kept, logout clears the reminder keys (shell spec §4 'Session')
 */
export const SUBSCRIBE_REMINDER_STORE_PREFIX = 'subscribeReminder-';

/** the menu pages each user opens, counted for the workbench's shortcuts: `menuUse-{tenantId}-{userId}` */
export const MENU_USE_STORE_PREFIX = 'menuUse-';

export const KEPT_ON_LOGOUT = [
  LANGUAGE_STORE_NAME,
  THEME_STORE_NAME,
  COLOR_STORE_NAME,
  IDLE_LOCK_STORE_NAME,
  ERROR_LOG_STORE_NAME,
  SUBAPP_FAILED_STORE_NAME,
  SUBAPP_MODES_STORE_NAME,
  UPGRADE_SEEN_STORE_NAME,
];
export const KEPT_PREFIXES_ON_LOGOUT = [PROJECT_STORE_PREFIX, MENU_USE_STORE_PREFIX];
/**
 * Plain keys (not wrapped) that outlive a logout: each user's density and columns of each list,
 * `wb-table:{tenantId}:{userId}:{resource}…` (resource-ui table-settings.ts), written by the
 * shell's lists and by the sub-apps it hosts on this origin
 */
export const KEPT_KEY_PREFIXES_ON_LOGOUT = [TABLE_SETTINGS_KEY_PREFIX];
