import { normalizePath } from '../../features/menu/menu-resolution';

/**
 * The sidebar is hidden on the workbench, the remote patrol
 * page, the dispatch page, inside the 'config' sub-application, when full
 * screen is requested, when a sub-application asks to hide it — and when the
 * top menu has no side menu to show.
 */
export const REMOTE_PATROL_SEGMENT = 'remotePatrol';
/** The work-order dispatch pages: the dispatch sub-app and its full-screen batch page. */
export const DISPATCH_PREFIXES = ['/create-order', '/batchDialogFullScreen'];
/** The back-office configuration sub-application (serviceName 'config'). */
export const CONFIG_PREFIX = '/config';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The 'config' sub-application, wherever the registry mounts it. */
export const CONFIG_SUBAPP = 'config';

/** `subApp`: serviceName of the sub-app on screen (micro-apps host), if any. */
export function sidebarHidden(input: { path: string; fullscreen: boolean; subAppHidden: boolean; hasSideMenu: boolean; subApp?: string }): boolean {
  const path = normalizePath(input.path);
  if (input.fullscreen || input.subAppHidden || !input.hasSideMenu) return true;
  if (input.subApp === CONFIG_SUBAPP) return true;
  if (under(path, '/wel')) return true;
  if (path.split('/').includes(REMOTE_PATROL_SEGMENT)) return true;
  if (DISPATCH_PREFIXES.some((prefix) => under(path, prefix))) return true;
  return under(path, CONFIG_PREFIX);
}
