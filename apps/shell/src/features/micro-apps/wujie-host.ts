import { destroyApp, preloadApp, startApp, type plugin } from 'wujie';
import { SHELL_EVENTS, type SubAppProps } from '@wb/contracts/subapp-protocol';
import { emitToSubApp } from './host-bus';
import { removeAppListeners, trackAppListeners } from './listener-tracker';
import { setSubAppStatus, subAppStatus } from './micro-apps-store';

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
 *    limit) is reported as 'failed' for the error panel.
 */

export { emitToSubApp, emitToSubApps, onSubAppEvent } from './host-bus';

export interface SubAppOptions {
  /** wujie's name: the descriptor's serviceName */
  name: string;
  /** the address of the app's page for the route to open */
  url: string;
  /** the route inside the app that `url` opens ('/company') */
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
  setSubAppStatus(name, { phase: 'failed', error: errorText(error) });
}

function mounted(name: string): void {
  const r = record(name);
  r.executed = true;
  if (r.watchdog) clearTimeout(r.watchdog);
  if (subAppStatus(name)?.phase !== 'failed') setSubAppStatus(name, { phase: 'mounted' });
}

/** The shell's own entry script: a host that answers the shell's page (a history fallback) is no sub-app. */
function shellEntryScript(): string | undefined {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? undefined;
}

export class NotASubAppError extends Error {
  constructor(url: string) {
    super(`${url} answers the shell's own page, not a sub-application`);
    this.name = 'NotASubAppError';
  }
}

function guardPlugin(url: string): plugin {
  const entry = shellEntryScript();
  return {
    htmlLoader: (html) => {
      if (!html.trim()) throw new Error(`${url} answered no page`);
      if (entry && html.includes(`src="${entry}"`)) throw new NotASubAppError(url);
      return html;
    },
  };
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * wujie's fetch for this app. The page of a deep route (/subapps/coredata/city)
 * is a history-mode fallback that servers give to browsers asking for HTML:
 * ask as a browser would. A page that does not come is a failure naming its
 * status. Everything else goes through unchanged.
 */
function appFetch(entryUrl: string): (input: RequestInfo, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    if (requestUrl(input) !== entryUrl) return window.fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('accept', 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8');
    const response = await window.fetch(input, { ...init, headers });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${entryUrl}`);
    return response;
  };
}

/** Lifecycle hooks shared by preload and start: they report into the status store. */
function lifecycles(name: string, url: string) {
  return {
    fetch: appFetch(url),
    plugins: [guardPlugin(url)],
    beforeLoad: (appWindow: Window) => {
      record(name).appWindow = appWindow;
      trackAppListeners(name, appWindow);
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

/** The app was opened at `wanted` but shows another route (it ran in a preload): tell it. */
function followRoute(name: string): void {
  const r = running.get(name);
  if (!r || r.wanted === undefined || r.route === r.wanted) return;
  r.route = r.wanted;
  emitToSubApp(name, SHELL_EVENTS.routeChange, r.wanted);
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
      r.route = undefined;
    }
    if (subAppStatus(name)?.phase !== 'mounted') setSubAppStatus(name, { phase: 'loading' });
    if (!r.executed) r.route = options.route;
    if (r.watchdog) clearTimeout(r.watchdog);
    r.watchdog = setTimeout(() => {
      if (subAppStatus(name)?.phase !== 'mounted') fail(name, `no mount within ${Math.round(options.timeoutMs / 1000)} s`);
    }, options.timeoutMs);
    try {
      await startApp({
        name,
        url: options.url,
        el,
        props: options.props,
        alive: options.alive,
        fiber: options.fiber,
        // The shell owns its address; sub-app routes are not mirrored into its query.
        sync: false,
        ...lifecycles(name, options.url),
      });
      // Every script ran: an app without wujie's lifecycle functions rendered as it loaded.
      if (subAppStatus(name)?.phase === 'loading') mounted(name);
      followRoute(name);
    } catch (error) {
      fail(name, error);
    }
  });
}

/**
 * Preloads an app (the stage takes the registry's default app first, the others
 * when the browser is idle), running its scripts when `exec`. The page is fetched and checked here first: wujie's preload has no
 * way to report a failure, and an app that cannot load is simply not
 * preloaded (opening it shows why). Resolves whether it was preloaded.
 */
export async function preloadSubApp(options: PreloadOptions): Promise<boolean> {
  let html: string;
  try {
    const response = await appFetch(options.url)(options.url);
    html = guardPlugin(options.url).htmlLoader!(await response.text());
  } catch {
    return false;
  }
  // Opened (or destroyed) meanwhile: the start owns it now.
  if (running.get(options.name)?.el) return false;
  const r = record(options.name);
  r.route = options.route;
  r.alive = options.alive;
  preloadApp({
    name: options.name,
    url: options.url,
    html,
    props: options.props,
    alive: options.alive,
    fiber: options.fiber,
    exec: options.exec,
    ...lifecycles(options.name, options.url),
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
