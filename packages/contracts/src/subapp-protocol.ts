/**
 * The sub-application protocol (docs/subapp-protocol.md): what the
 * shell hands a mounted sub-app (props) and the bus events each side may send,
 * with their payloads. The shell and every sub-app import the names from here,
 * so an event is spelled once.
 */

/** A node of the shell's project picker (ProjectTreeNode in project.ts). */
export interface ProjectNode {
  /** below zero: an 'all' entry (-1 every project of a company, -2 of a city) */
  id: string;
  pid?: string;
  name: string;
  label?: string;
  /** comma-joined ids of the projects the node stands for (a project: its own id) */
  projectIds: string;
  projectCity?: string;
  tririgaCode?: string;
  projectTririgaCodes?: string;
  logoUrl?: string;
  tenantId?: string;
}

/** What a page may show about the signed-in user. */
export interface SubAppUser {
  userId: string;
  account: string;
  userName: string;
  realName?: string;
  avatar?: string;
  roleName?: string;
}

export type SubAppLocale = 'zh' | 'en';

/** `window.$wujie.props` inside a mounted sub-app. */
export interface SubAppProps {
  /**
   * The current access token, read at request time (the shell refreshes it, so
   * a copy taken at mount goes stale). Sent as `saas-auth: bearer <token>`.
   */
  getToken(): string;
  tenantId: string;
  user: SubAppUser;
  locale: SubAppLocale;
  /** theme name ('theme-hey') */
  theme: string;
  /** the shell's primary colour ('#ff8642'): the app's buttons, links and selections take it */
  color: string;
  /** whether the shell's theme is dark (theme-dark): the app switches to its dark look */
  dark: boolean;
  /** the project selected in the picker when the app was mounted; later changes arrive as 'project-change' */
  project: ProjectNode | null;
  /**
   * Where API calls go, as an absolute address: the descriptor's defaultApiHost,
   * else the shell's own API origin. ('' leaves URLs relative, and wujie resolves
   * a sub-app's relative fetch/XHR URLs against the sub-app's host, not the shell's.)
   */
  apiBase: string;
  /**
   * Opens a page of the shell, as wujie's demo host offers it: the same payloads as
   * `routerChange` ('/system/param', `{ path, query }`, -1).
   */
  jump(to: RouterChange): void;
  /**
   * Uploads a file the spec's way (shell spec §7 'Files': a signed address asked for by the file's
   * name, then a PUT with the headers that came with it) under the shell's session, and answers
   * the file's `url`, a link of the shell's API; null when the upload failed (the shell has logged
   * why, §8).
   */
  uploadBySignedUrl(file: File): Promise<string | null>;
}

/** Names of the events the shell sends to sub-apps. */
export const SHELL_EVENTS = {
  /** the user picked a project (a leaf or an 'all' entry); payload: the node */
  projectChange: 'project-change',
  /** data shared with the shell changed or the user asked for fresh data; no payload */
  dataRefresh: 'data-refresh',
  /** the user switched the language; payload: the SubAppLocale */
  localeChange: 'locale-change',
  /**
   * open a page of this app: the path inside the app ('/company'). A kept-alive
   * app is not re-mounted when the shell's menu opens another of its pages.
   */
  routeChange: 'route-change',
  /** the user picked another theme or colour; payload: the SubAppTheme */
  themeChange: 'theme-change',
} as const;

/** The shell's look as a sub-app follows it (props.theme, props.color, props.dark; then 'theme-change'). */
export interface SubAppTheme {
  theme: string;
  color: string;
  dark: boolean;
}

/** Names of the events a sub-app may send to the shell. */
export const SUBAPP_EVENTS = {
  /**
   * open a page of the shell: a path ('/system/param') or `{ path, query }`
   * navigates and activates the matching top menu; a number moves in history
   * (-1 back); '/login' logs out
   */
  routerChange: 'routerChange',
  /** log out (local logout, then the login page); no payload */
  logout: 'logout',
  /** collapse or expand the shell's left menu; payload: true collapses, false expands, none toggles */
  toggleMenu: 'toggle-menu',
  /** full screen (hide header and sidebar); payload: true enters, false leaves, none toggles */
  fullScreen: 'full-screen',
  /** hide (true) or show again (false) the project picker of the top bar */
  hideProjectFilter: 'hide-project-filter',
  /** hide (true) or show again (false) the left sidebar */
  hideSidebar: 'hide-sidebar',
  /** the export/import indicator of the top bar; payload: an ExportStatePayload */
  exportState: 'export-state',
} as const;

/**
 * wujie's own conventions, which apps written for wujie's demo host already follow:
 *  - the host sends `<serviceName>-router-change` with the path inside the app, as it
 *    sends `route-change` (an app may listen to either);
 *  - the app sends `sub-route-change` with two arguments, its serviceName and its new
 *    path, whenever its route changes. The shell needs neither: it also reads the app's
 *    route from the app's own history.
 */
export const routerChangeEvent = (serviceName: string): string => `${serviceName}-router-change`;
export const SUB_ROUTE_CHANGE = 'sub-route-change';

export type ShellEventName = (typeof SHELL_EVENTS)[keyof typeof SHELL_EVENTS];
export type SubAppEventName = (typeof SUBAPP_EVENTS)[keyof typeof SUBAPP_EVENTS];

/** States of the top bar's export/import indicator, set by `export-state`. */
export const EXPORT_STATES = ['default', 'processing', 'success', 'fail'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
/**
 * An `export-state` payload: a state, or 'processing' with the id of a download-centre job
 * (what `POST …/export-job` answered) or of an upload-centre import (`POST …/import-job`):
 * the shell then follows that job and shows its end itself.
 */
export type ExportStatePayload = ExportState | { state: ExportState; jobId?: string; importId?: string };

export type RouterChange = string | number | { path: string; query?: Record<string, string> };

/** Payload of each shell → sub-app event. */
export interface ShellEventPayloads {
  'project-change': ProjectNode;
  'data-refresh': undefined;
  'locale-change': SubAppLocale;
  'route-change': string;
  'theme-change': SubAppTheme;
}

/** Payload of each sub-app → shell event. */
export interface SubAppEventPayloads {
  routerChange: RouterChange;
  logout: undefined;
  'toggle-menu': boolean | undefined;
  'full-screen': boolean | undefined;
  'hide-project-filter': boolean;
  'hide-sidebar': boolean;
  'export-state': ExportStatePayload;
}

/** The message the shell shows for a routerChange it cannot read. */
export const ROUTER_CHANGE_ERROR = 'please provide the base.routerChange event parameter';

/** wujie's event bus as a sub-app sees it (`window.$wujie.bus`). */
export interface SubAppBus {
  // `never[]`: a listener of any argument list fits, and only the bus calls it.
  $on(event: string, fn: (...args: never[]) => void): unknown;
  $off(event: string, fn: (...args: never[]) => void): unknown;
  $emit(event: string, ...args: unknown[]): unknown;
}

/** `window.$wujie` inside a sub-app mounted by wujie. */
export interface WujieContext {
  props?: Partial<SubAppProps>;
  bus: SubAppBus;
  /** the sub-app's own URL (in ESM apps `window.location` is the host page's) */
  location?: Location;
  shadowRoot?: ShadowRoot;
}

/** Globals wujie defines in a mounted sub-app's window. */
export interface WujieGlobals {
  __POWERED_BY_WUJIE__?: boolean;
  __WUJIE_MOUNT?: () => void;
  __WUJIE_UNMOUNT?: () => void;
  __WUJIE?: { mount(): void };
  $wujie?: WujieContext;
}

/** A typed emit: `emitToShell(bus, SUBAPP_EVENTS.exportState, 'processing')`. */
export function emitToShell<E extends SubAppEventName>(
  bus: SubAppBus,
  event: E,
  ...payload: undefined extends SubAppEventPayloads[E] ? [SubAppEventPayloads[E]?] : [SubAppEventPayloads[E]]
): void {
  bus.$emit(event, ...payload);
}

/**
 * Whether a routerChange payload is one the shell can act on; anything else is
 * answered with ROUTER_CHANGE_ERROR.
 */
export function isRouterChange(value: unknown): value is RouterChange {
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return Number.isInteger(value);
  return !!value && typeof value === 'object' && typeof (value as { path?: unknown }).path === 'string' && (value as { path: string }).path.length > 0;
}
