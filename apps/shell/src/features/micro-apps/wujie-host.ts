import { destroyApp, preloadApp, startApp, type plugin } from 'wujie';
import type { RouterMode } from '@wb/contracts/resources/sub-app';
import type { SubAppProps } from '@wb/contracts/subapp-protocol';
import { detectMode, knownMode, routeShown, sendToRoute, watchHistory, type KnownMode } from './app-routes';
import { absolutizeAssets, checkEntryHtml, entryFailure, forgetEntryFailure, loadEntry, markEntryFailed } from './entry-loader';
import { removeAppListeners, trackAppListeners } from './listener-tracker';
import { setSubAppStatus, subAppStatus } from './micro-apps-store';
import { appUrl } from './registry';

/**
 * The shell's own small binding on wujie (instead of wujie-react, which pushes
 * no prop changes, never cleans up and breaks under StrictMode). Loaded lazily
 * through load-host.ts: neither the entry nor the login route carries wujie.
 * This module is the apps' lifecycle (start, preload, navigate, release,
 * destroy); listener-tracker.ts cleans up what an app left on the shell's
 * document and window, host-bus.ts carries the events. The bus functions are
 * re-exported here, so the lazily loaded host is one module for its callers.
 *
 *  - start is idempotent per app and container: StrictMode's second effect run
 *    on the same element is a no-op;
 *  - release defers the destroy by a tick, and a start of the same app in that
 *    tick cancels it (StrictMode's unmount/remount, a frame moved);
 *  - a load that fails (no answer, an error status, the shell's own page where
 *    an app should be, a script error before mount, no mount within the time
 *    limit) is reported as 'failed' for the error panel;
 *  - the app's HTML always comes from its entry (entry-loader.ts); the route is
 *    in the address wujie opens (below the entry for a history router, in its
 *    hash for a hash router), and a running app is sent to later routes and
 *    watched for its own (app-routes.ts), so the shell's address follows it.
 */

export { emitToSubApp, emitToSubApps, onSubAppEvent, onSubRouteChange } from './host-bus';
export { forgetEntryFailure } from './entry-loader';

export interface SubAppOptions {
  /** wujie's name: the descriptor's serviceName */
  name: string;
  /** the document the author deployed (registry.ts entryUrl) */
  entry: string;
  /** the descriptor's routerMode ('' = detected at the first mount) */
  mode: RouterMode;
  /** the route inside the app to open ('/company?x=1') */
  route: string;
  /** live props: getters read the shell's stores at the moment of the call */
  props: SubAppProps;
  alive: boolean;
  fiber: boolean;
}

export interface StartOptions extends SubAppOptions {
  el: HTMLElement;
  /** no mount within this long is a failure (120 s unless VITE_SUBAPP_LOAD_TIMEOUT_MS or the stored 'subAppLoadTimeoutMs' says otherwise) */
  timeoutMs: number;
}

export interface PreloadOptions extends SubAppOptions {
  /** run the app's scripts while preloading (wujie exec) */
  exec: boolean;
}

interface Running {
  el?: HTMLElement;
  /** the app's sandbox window (its JavaScript realm) */
  appWindow?: Window;
  /** kept alive: wujie never calls its __WUJIE_UNMOUNT */
  alive?: boolean;
  /** start calls of this app run one after the other */
  chain: Promise<void>;
  destroyTimer?: ReturnType<typeof setTimeout>;
  watchdog?: ReturnType<typeof setTimeout>;
  /** the app's scripts ran and it mounted (in a preload or a start) */
  executed: boolean;
  /** the route the app shows, as far as the shell knows */
  route?: string;
  /** the route the shell wants it to show */
  wanted?: string;
  entry?: string;
  /** how its router reads routes, once known */
  mode?: KnownMode;
  /** the shell heard of its routes only once it was mounted at the one wanted */
  settled?: boolean;
}

/** Told when an app moved to another route by itself (the stage mirrors it in the shell's address). */
let routeListener: ((name: string, route: string) => void) | undefined;
export function onAppRoute(listener: ((name: string, route: string) => void) | undefined): void {
  routeListener = listener;
}

const running = new Map<string, Running>();

function record(name: string): Running {
  let r = running.get(name);
  if (!r) running.set(name, (r = { chain: Promise.resolve(), executed: false }));
  return r;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return String(error);
}

function fail(name: string, error: unknown): void {
  const r = running.get(name);
  if (r?.watchdog) clearTimeout(r.watchdog);
  if (subAppStatus(name)?.phase === 'failed') return;
  if (r?.entry) markEntryFailed(r.entry, error);
  setSubAppStatus(name, { phase: 'failed', error: errorText(error) });
}

function mounted(name: string): void {
  const r = record(name);
  r.executed = true;
  if (r.watchdog) clearTimeout(r.watchdog);
  if (subAppStatus(name)?.phase === 'failed') return;
  setSubAppStatus(name, { phase: 'mounted' });
  if (r.entry) forgetEntryFailure(r.entry);
  if (r.appWindow && r.entry && !r.mode) r.mode = detectMode(r.entry, r.appWindow);
  followRoute(name);
  r.settled = true;
}

/** The app's history moved: note where it is, and tell the stage when the app went there by itself. */
function historyMoved(name: string): void {
  const r = running.get(name);
  if (!r?.appWindow || !r.entry || !r.mode || !r.settled) return;
  const route = routeShown(r.appWindow, r.entry, r.mode);
  if (route === undefined || route === r.route) return;
  r.route = route;
  r.wanted = route;
  routeListener?.(name, route);
}

/** wujie's `sub-route-change` (name, path): the app's router path, without its query. */
export function subRouteChanged(name: unknown, path: unknown): void {
  if (typeof name !== 'string' || typeof path !== 'string' || !path.startsWith('/')) return;
  const r = running.get(name);
  if (!r?.settled || (r.route ?? '').split('?')[0] === path) return;
  r.route = path;
  r.wanted = path;
  routeListener?.(name, path);
}

/**
 * wujie runs its page loader on the page it is handed (entry-loader.ts made it already: this is
 * idempotent). Having one also keeps wujie from caching the parsed page per address, which
 * would outlive a redeployment and a 重试.
 */
function guardPlugin(entry: string): plugin {
  return { htmlLoader: (html) => absolutizeAssets(checkEntryHtml(html, entry), entry) };
}

/** Lifecycle hooks shared by preload and start: they report into the status store. */
function lifecycles(name: string, entry: string) {
  return {
    plugins: [guardPlugin(entry)],
    beforeLoad: (appWindow: Window) => {
      record(name).appWindow = appWindow;
      trackAppListeners(name, appWindow);
      watchHistory(appWindow, () => historyMoved(name));
      // Script errors and scripts that do not load, before the app has mounted, are a failed load.
      appWindow.addEventListener(
        'error',
        (event: Event) => {
          if (subAppStatus(name)?.phase === 'mounted') return;
          const target = event.target as { tagName?: string; src?: string } | null;
          if (event instanceof ErrorEvent) fail(name, event.error ?? event.message);
          else if (target?.tagName === 'SCRIPT') fail(name, `script ${target.src ?? ''} did not load`);
        },
        true,
      );
    },
    afterMount: () => mounted(name),
    activated: () => mounted(name),
    loadError: (failedUrl: string, error: Error) => {
      // A stylesheet that does not load leaves the app usable; its page or a script does not.
      if (/\.css(?:[?#]|$)/i.test(failedUrl)) return;
      fail(name, `${failedUrl}: ${errorText(error)}`);
    },
  };
}

/** Runs `task` after the app's earlier starts and destroys. */
function enqueue(name: string, task: () => Promise<void>): Promise<void> {
  const r = record(name);
  r.chain = r.chain.then(task, task);
  return r.chain;
}

/** The app shows another route than the one wanted (it ran in a preload, or opened at its entry): send it there. */
function followRoute(name: string): void {
  const r = running.get(name);
  if (!r?.appWindow || !r.entry || !r.mode || r.wanted === undefined) return;
  const shown = routeShown(r.appWindow, r.entry, r.mode);
  r.route = r.wanted;
  if (shown !== r.wanted) sendToRoute(name, r.appWindow, r.entry, r.mode, r.wanted);
}

/** Where wujie opens the app: the wanted route when the mode is known, else the entry (the route follows the first mount). */
function openingUrl(r: Running, entry: string, mode: RouterMode, route: string): string {
  r.entry = entry;
  r.mode ??= knownMode(entry, mode);
  return appUrl(entry, route, r.mode ?? '');
}

/**
 * Mounts the app into `el` (or shows it there again). Idempotent for the same
 * app and element; a start right after a release of the same app cancels the
 * pending destroy.
 */
export function startSubApp(options: StartOptions): Promise<void> {
  const { name, el } = options;
  const r = record(name);
  if (r.destroyTimer) {
    clearTimeout(r.destroyTimer);
    r.destroyTimer = undefined;
  }
  if (r.el === el) return r.chain;
  r.el = el;
  r.alive = options.alive;
  r.wanted = options.route;
  return enqueue(name, async () => {
    if (r.el !== el) return;
    // A failed sandbox stays in wujie's cache and would fail again: start from nothing.
    if (subAppStatus(name)?.phase === 'failed') {
      await destroyNow(name);
      r.executed = false;
    }
    if (subAppStatus(name)?.phase !== 'mounted') setSubAppStatus(name, { phase: 'loading' });
    // the shell hears of the app's routes again once it is mounted at this one
    r.settled = false;
    r.route = options.route;
    if (r.watchdog) clearTimeout(r.watchdog);
    r.watchdog = setTimeout(() => {
      if (subAppStatus(name)?.phase !== 'mounted') fail(name, `no mount within ${Math.round(options.timeoutMs / 1000)} s`);
    }, options.timeoutMs);
    try {
      const url = openingUrl(r, options.entry, options.mode, options.route);
      const html = await loadEntry(options.entry);
      await startApp({
        name,
        url,
        html,
        el,
        props: options.props,
        alive: options.alive,
        fiber: options.fiber,
        // The shell's address is /<prefix>/<route> (the stage mirrors the app's route there), not wujie's ?name= query.
        sync: false,
        ...lifecycles(name, options.entry),
      });
      // Every script ran: an app without wujie's lifecycle functions rendered as it loaded.
      if (subAppStatus(name)?.phase === 'loading') mounted(name);
    } catch (error) {
      fail(name, error);
    }
  });
}

/**
 * Preloads an app (the stage takes the registry's default app first, the others
 * when the browser is idle), running its scripts when `exec`. The page is loaded and
 * checked here first: wujie's preload has no way to report a failure, and an app that
 * cannot load, or failed to before, is simply not preloaded (opening it shows why).
 * Resolves whether it was preloaded.
 */
export async function preloadSubApp(options: PreloadOptions): Promise<boolean> {
  if (entryFailure(options.entry) !== undefined) return false;
  let html: string;
  try {
    html = await loadEntry(options.entry);
  } catch {
    return false;
  }
  // Opened (or destroyed) meanwhile: the start owns it now.
  if (running.get(options.name)?.el) return false;
  const r = record(options.name);
  const url = openingUrl(r, options.entry, options.mode, options.route);
  r.route = options.route;
  r.alive = options.alive;
  r.settled = false;
  preloadApp({
    name: options.name,
    url,
    html,
    props: options.props,
    alive: options.alive,
    fiber: options.fiber,
    exec: options.exec,
    ...lifecycles(options.name, options.entry),
  });
  return true;
}

/** Opens a route inside a mounted app without mounting it again (a kept-alive app). */
export function navigateSubApp(name: string, route: string): void {
  const r = running.get(name);
  if (!r) return;
  r.wanted = route;
  if (subAppStatus(name)?.phase === 'mounted') followRoute(name);
}

async function destroyNow(name: string): Promise<void> {
  const r = running.get(name);
  if (r?.watchdog) clearTimeout(r.watchdog);
  // wujie unmounts only apps that are not kept alive: a kept-alive app's framework root is unmounted here, so it lets go too.
  const appWindow: (Window & { __WUJIE_UNMOUNT?: () => unknown }) | undefined = r?.appWindow;
  try {
    if (r?.alive && r.executed && appWindow?.__WUJIE_UNMOUNT) await appWindow.__WUJIE_UNMOUNT();
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
  destroyApp(name);
  removeAppListeners(name);
  if (r) r.appWindow = undefined;
  // wujie's destroy unmounts asynchronously; let it finish before a new start of the same name.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The container of `el` is going away. The destroy waits a tick: StrictMode
 * mounts again at once, and then nothing is destroyed.
 */
export function releaseSubApp(name: string, el: HTMLElement): void {
  const r = running.get(name);
  if (!r || r.el !== el) return;
  if (r.destroyTimer) clearTimeout(r.destroyTimer);
  r.destroyTimer = setTimeout(() => {
    r.destroyTimer = undefined;
    if (r.el !== el) return;
    void destroySubApp(name);
  }, 0);
}

/** Destroys the app now (iframe, shadow DOM, its bus listeners) and forgets it. */
export function destroySubApp(name: string): Promise<void> {
  const r = record(name);
  if (r.destroyTimer) clearTimeout(r.destroyTimer);
  const el = r.el;
  return enqueue(name, async () => {
    await destroyNow(name);
    r.executed = false;
    r.route = undefined;
    r.settled = false;
    // A start queued after this destroy (another container) owns the record now.
    if (r.el !== el) return;
    running.delete(name);
    setSubAppStatus(name, undefined);
  });
}

export function destroyAllSubApps(): void {
  for (const name of [...running.keys()]) void destroySubApp(name);
}

export function isRunning(name: string): boolean {
  return running.has(name);
}
