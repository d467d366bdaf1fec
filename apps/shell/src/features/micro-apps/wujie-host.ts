import { bus, destroyApp, preloadApp, startApp, type plugin } from 'wujie';
import {
  SHELL_EVENTS,
  type ShellEventName,
  type ShellEventPayloads,
  type SubAppEventName,
  type SubAppEventPayloads,
  type SubAppProps,
} from '@wb/contracts/subapp-protocol';
import { setSubAppStatus, subAppStatus } from './micro-apps-store';

/**
 * The shell's own small binding on wujie (instead of wujie-react, which pushes
 * no prop changes, never cleans up and breaks under StrictMode). Loaded lazily:
 * neither the entry nor the login route carries wujie.
 *
 *  - start is idempotent per app and container: StrictMode's second effect run
 *    on the same element is a no-op;
 *  - release defers the destroy by a tick, and a start of the same app in that
 *    tick cancels it (StrictMode's unmount/remount, a frame moved);
 *  - every listener put on wujie's bus comes with its `off`;
 *  - a load that fails (no answer, an error status, the shell's own page where
 *    an app should be, a script error before mount, no mount within the time
 *    limit) is reported as 'failed' for the error panel.
 */

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
  /** no mount within this long is a failure (spec §8: 120 s) */
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
      trackForeignListeners();
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
 * Preloads an app (the default one first, DESIGN §5), running its scripts when
 * `exec`. The page is fetched and checked here first: wujie's preload has no
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

/**
 * Listeners an app's code put on the shell's own document or window (React
 * puts 'selectionchange' on its root's ownerDocument, which for a shadow root
 * is the shell's; wujie forwards keydown, wheel, visibilitychange there).
 * Left behind they keep the destroyed app's whole realm alive: they are
 * recorded per app and removed when it is destroyed.
 */
interface ForeignListener {
  target: EventTarget;
  type: string;
  listener: EventListenerOrEventListenerObject;
  options?: boolean | EventListenerOptions;
}
const foreign = new Map<string, ForeignListener[]>();
let tracking = false;

function ownerOf(listener: EventListenerOrEventListenerObject): string | undefined {
  for (const [name, r] of running) {
    const realm = r.appWindow as (Window & { Function: FunctionConstructor; Object: ObjectConstructor }) | undefined;
    if (realm && (listener instanceof realm.Function || listener instanceof realm.Object)) return name;
  }
  return undefined;
}

function trackForeignListeners(): void {
  if (tracking) return;
  tracking = true;
  for (const target of [document, window] as EventTarget[]) {
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      const owner = listener ? ownerOf(listener) : undefined;
      if (owner && listener) {
        const list = foreign.get(owner) ?? [];
        list.push({ target: this, type, listener, options });
        foreign.set(owner, list);
      }
      return add.call(this, type, listener, options);
    };
    target.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      if (listener) {
        for (const [owner, list] of foreign) {
          const kept = list.filter((l) => !(l.target === this && l.type === type && l.listener === listener));
          if (kept.length !== list.length) foreign.set(owner, kept);
        }
      }
      return remove.call(this, type, listener, options);
    };
  }
}

function removeForeignListeners(name: string): void {
  for (const l of foreign.get(name) ?? []) l.target.removeEventListener(l.type, l.listener, l.options);
  foreign.delete(name);
}

async function destroyNow(name: string): Promise<void> {
  const r = running.get(name);
  if (r?.watchdog) clearTimeout(r.watchdog);
  // wujie unmounts only apps that are not kept alive: a kept-alive app's framework root is unmounted here, so it lets go too.
  const appWindow = r?.appWindow as (Window & { __WUJIE_UNMOUNT?: () => unknown }) | undefined;
  try {
    if (r?.alive && r.executed && appWindow?.__WUJIE_UNMOUNT) await appWindow.__WUJIE_UNMOUNT();
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
  destroyApp(name);
  removeForeignListeners(name);
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

type Payload<E extends ShellEventName> = ShellEventPayloads[E];
type EmitArgs<E extends ShellEventName> = undefined extends Payload<E> ? [Payload<E>?] : [Payload<E>];

/** Shell → every sub-app (wujie's bus reaches all of them). */
export function emitToSubApps<E extends ShellEventName>(event: E, ...payload: EmitArgs<E>): void {
  bus.$emit(event, ...payload);
}

type BusListeners = Map<string, Record<string, ((...args: unknown[]) => void)[] | undefined>>;

/**
 * Shell → one sub-app: the listeners the app put on its own bus. wujie's
 * `$emit` reaches every app, and a 'route-change' is meant for one.
 */
export function emitToSubApp<E extends ShellEventName>(name: string, event: E, ...payload: EmitArgs<E>): void {
  const listeners = (window as Window & { __WUJIE_INJECT?: { appEventObjMap?: BusListeners } }).__WUJIE_INJECT?.appEventObjMap?.get(name)?.[event];
  for (const fn of [...(listeners ?? [])]) {
    try {
      fn(...payload);
    } catch (error) {
      // One app's failing listener must not stop the shell; it still reaches the error log.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** Sub-app → shell: listens to one event; returns the `off`. */
export function onSubAppEvent<E extends SubAppEventName>(event: E, handler: (payload: SubAppEventPayloads[E]) => void): () => void {
  const fn = (payload: SubAppEventPayloads[E]) => handler(payload);
  bus.$on(event, fn);
  return () => {
    bus.$off(event, fn);
  };
}
