import type { RouterMode } from '@wb/contracts/resources/sub-app';
import { routerChangeEvent, SHELL_EVENTS } from '@wb/contracts/subapp-protocol';
import { getStore, setStore } from '../../shared/storage';
import { SUBAPP_MODES_STORE_NAME } from '../../shared/storage-names';
import { emitToOneApp, subAppListensTo } from './host-bus';
import { appUrl, routeOfAppUrl } from './registry';

/**
 * Routes inside a running app, read from and written to the app's own window (its
 * sandbox iframe's history, which wujie keeps at the app's address): the shell needs
 * no cooperation from the app to know where it is or to send it somewhere else.
 */

export type KnownMode = Exclude<RouterMode, ''>;

type AppWindow = Window & { PopStateEvent: typeof PopStateEvent; HashChangeEvent: typeof HashChangeEvent };

function modes(): Record<string, KnownMode> {
  return getStore<Record<string, KnownMode>>(SUBAPP_MODES_STORE_NAME, 'local') ?? {};
}

/** The mode the registry gives, else the one detected for this entry before. */
export function knownMode(entry: string, registered: RouterMode): KnownMode | undefined {
  return registered || modes()[entry];
}

/**
 * After the first mount: a hash router has put '#/' in the address by then (vue-router
 * and React's HashRouter do at start); anything else reads the path. Remembered per entry.
 */
export function detectMode(entry: string, appWindow: Window): KnownMode {
  const mode: KnownMode = appWindow.location.hash.startsWith('#/') ? 'hash' : 'history';
  if (modes()[entry] !== mode) setStore(SUBAPP_MODES_STORE_NAME, { ...modes(), [entry]: mode }, 'local');
  return mode;
}

/** The route the app's window shows ('/a/b?x=1'). */
export function routeShown(appWindow: Window, entry: string, mode: KnownMode): string | undefined {
  const { pathname, search, hash } = appWindow.location;
  return routeOfAppUrl(entry, `${pathname}${search}${hash}`, mode);
}

/** Calls `changed` after every push, replace, back and forward of the app's history. */
export function watchHistory(appWindow: Window, changed: () => void): void {
  const history = appWindow.history;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      changed();
    };
  }
  appWindow.addEventListener('popstate', changed);
  appWindow.addEventListener('hashchange', changed);
}

/**
 * Sends a running app to a route, the way the app takes routes: our `route-change` or
 * wujie's `<name>-router-change` when it listens to one, else through its own history
 * (the address replaced and popstate raised, as the browser's back button would), which
 * every history or hash router follows.
 */
export function sendToRoute(name: string, appWindow: Window, entry: string, mode: KnownMode, route: string): void {
  if (subAppListensTo(name, SHELL_EVENTS.routeChange)) return emitToOneApp(name, SHELL_EVENTS.routeChange, route);
  if (subAppListensTo(name, routerChangeEvent(name))) return emitToOneApp(name, routerChangeEvent(name), route);
  const w = appWindow as AppWindow;
  const target = new URL(appUrl(entry, route, mode));
  const before = w.location.href;
  w.history.replaceState(w.history.state, '', `${target.pathname}${target.search}${target.hash}`);
  w.dispatchEvent(new w.PopStateEvent('popstate', { state: w.history.state }));
  if (mode === 'hash') w.dispatchEvent(new w.HashChangeEvent('hashchange', { oldURL: before, newURL: w.location.href }));
}
