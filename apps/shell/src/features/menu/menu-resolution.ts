import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { SUBAPP_MOUNT_PREFIXES } from '@wb/contracts/constants';
import { PROCESS_PATH_PREFIX } from '../flow/process-paths';
import { fillPlaceholders, type PlaceholderValues } from '../../shared/placeholders';

/** Pure rules that map the server's menus to places in the shell. */

/** Base route of embedded external pages (/myiframe/{routerPath}). */
export const IFRAME_ROUTE = '/myiframe/urlPath';

/** A web address: external if it starts with http or https. */
export function isHttpUrl(path: string): boolean {
  return /^https?:\/\//i.test(path.trim());
}

/** Menu paths that are web addresses or html pages open in the embedded page. */
export function opensInIframe(path: string): boolean {
  return isHttpUrl(path) || /\.html?([?#]|$)/i.test(path.trim());
}

export function iframeLink(src: string, name?: string): string {
  const query = new URLSearchParams({ src });
  if (name) query.set('name', name);
  return `${IFRAME_ROUTE}?${query.toString()}`;
}

/**
 * A menu's `query` is free text from the server: JSON (`{"a":1}`) or a query
 * string (`a=1&b=2`). Unreadable text is ignored rather than breaking the link.
 */
export function menuQueryString(query: string | undefined | null): string {
  const text = (query ?? '').trim();
  if (!text) return '';
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(parsed)) if (v !== undefined && v !== null) params.set(k, String(v));
      const s = params.toString();
      return s ? `?${s}` : '';
    } catch {
      return '';
    }
  }
  const s = new URLSearchParams(text.replace(/^\?/, '')).toString();
  return s ? `?${s}` : '';
}

/**
 * How a menu declares its link type: in its path.
 *  - `sso:<systemType>[?parkCode=<code>]`: single sign-on into a third-party
 *    cloud system; GET /us/authority/sso/third/system/url?systemType=&parkCode=
 *    answers the address (a one-minute ticket in it), opened in a new window;
 *  - `report:<systemCode>`: the report system; GET
 *    /us-user/redirectToThirdSystem?systemCode= answers the address, opened in a
 *    new window;
 *  - an http(s) address or an .html page: embedded in /myiframe (a new window
 *    with isOpen 2 or isBlank), `${field}` placeholders filled from the user info;
 *  - anything else: a route of the shell.
 * A scheme in the path keeps the declaration in the one field every menu editor
 * shows, and an old client that does not know the type shows a harmless 404.
 */
export type MenuTarget =
  { kind: 'route'; to: string } | { kind: 'window'; href: string } | { kind: 'sso'; systemType: string; parkCode?: string } | { kind: 'report'; systemCode: string };

const SSO_SCHEME = /^sso:([\w.-]{1,64})(?:\?(.*))?$/i;
const REPORT_SCHEME = /^report:([\w.-]{1,64})$/i;

export interface MenuContext {
  /** values for `${field}` placeholders (user info) */
  values?: PlaceholderValues;
  /** the shell runs on the gray host: entries with enableGray use grayPath */
  gray?: boolean;
}

/** Gray release: the gray path is used on the gray host when the entry enables it. */
export function effectivePath(menu: Pick<MenuNode, 'path'> & Partial<Pick<MenuNode, 'enableGray' | 'grayPath'>>, gray: boolean | undefined): string {
  const path = (menu.path ?? '').trim();
  return gray && menu.enableGray && menu.grayPath?.trim() ? menu.grayPath.trim() : path;
}

/** Where opening a menu item leads: a route of the shell, a new window, or a single-sign-on call. */
export function menuTarget(
  menu: Pick<MenuNode, 'path' | 'name' | 'query' | 'isOpen' | 'isBlank'> & Partial<Pick<MenuNode, 'enableGray' | 'grayPath'>>,
  context: MenuContext = {},
): MenuTarget {
  const path = effectivePath(menu, context.gray);
  const sso = SSO_SCHEME.exec(path);
  if (sso) {
    const parkCode = new URLSearchParams(sso[2] ?? '').get('parkCode') ?? undefined;
    return parkCode ? { kind: 'sso', systemType: sso[1], parkCode } : { kind: 'sso', systemType: sso[1] };
  }
  const report = REPORT_SCHEME.exec(path);
  if (report) return { kind: 'report', systemCode: report[1] };
  if (opensInIframe(path)) {
    const href = fillPlaceholders(path, context.values ?? {});
    // isOpen 2 with an external link opens a new window.
    if (menu.isOpen === 2 || menu.isBlank) return { kind: 'window', href };
    return { kind: 'route', to: iframeLink(href, menu.name) };
  }
  const to = `${normalizePath(path)}${menuQueryString(menu.query)}`;
  if (menu.isBlank) return { kind: 'window', href: to };
  return { kind: 'route', to };
}

export function normalizePath(path: string): string {
  if (!path) return '/';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** Buttons (category 2) are not pages. */
function isPage(node: MenuNode): boolean {
  return node.category !== 2;
}

function pageChildren(node: MenuNode): MenuNode[] {
  return (node.children ?? []).filter(isPage);
}

/** Every page node with the names of its ancestors, depth first. */
export function flattenMenus(nodes: MenuNode[], trail: MenuNode[] = []): { node: MenuNode; trail: MenuNode[] }[] {
  const out: { node: MenuNode; trail: MenuNode[] }[] = [];
  for (const node of nodes.filter(isPage)) {
    out.push({ node, trail });
    out.push(...flattenMenus(node.children ?? [], [...trail, node]));
  }
  return out;
}

/**
 * The first leaf of a branch is what opening the branch shows.
 * `accept` skips leaves that cannot be shown there: opening a top menu must not
 * pop up a single-sign-on window because its first entry is one.
 */
export function firstLeaf(nodes: MenuNode[], accept: (leaf: MenuNode) => boolean = () => true): MenuNode | undefined {
  for (const node of nodes.filter(isPage)) {
    const children = pageChildren(node);
    if (children.length === 0) {
      if (accept(node)) return node;
      continue;
    }
    const leaf = firstLeaf(children, accept);
    if (leaf) return leaf;
  }
  return undefined;
}

/** The menu node whose internal path is exactly `path`. */
export function findMenuByPath(nodes: MenuNode[], path: string): MenuNode | undefined {
  const wanted = normalizePath(path);
  return flattenMenus(nodes).find(({ node }) => !opensInIframe(node.path ?? '') && normalizePath(node.path ?? '') === wanted)?.node;
}

/**
 * Paths under a sub-app's mount prefix that are pages of the shell itself, in its layout with a
 * tab: the flow's process pages (/work/process/leave/form/…, admin spec §2 'Leave process routes').
 */
export const SHELL_PATH_PREFIXES: readonly string[] = [PROCESS_PATH_PREFIX];

/** A page of the shell although a sub-app's prefix holds it: no sub-app is mounted for it. */
export function isShellOwnedPath(path: string): boolean {
  const p = `${normalizePath(path)}/`;
  return SHELL_PATH_PREFIXES.some((prefix) => p.startsWith(prefix) && p.length > prefix.length);
}

/** The sub-application mount prefix a path lives under, if any (contracts SUBAPP_MOUNT_PREFIXES), except the shell's own pages there. */
export function subAppPrefixOf(path: string): string | undefined {
  const p = normalizePath(path);
  if (isShellOwnedPath(p)) return undefined;
  return SUBAPP_MOUNT_PREFIXES.find((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

function isUnder(path: string, base: string): boolean {
  return base !== '/' && (path === base || path.startsWith(`${base}/`));
}

/**
 * Which top menu holds a path opened directly (deep link, reload): an exact menu
 * match first, then the deepest menu path the path lies under, then the top
 * menu of the sub-application that owns the path's mount prefix.
 */
export function findTopMenuForPath(path: string, topMenus: TopMenu[], routesByTop: Record<string, MenuNode[] | undefined>): string | undefined {
  const wanted = normalizePath(path);
  for (const top of topMenus) {
    if (findMenuByPath(routesByTop[top.id] ?? [], wanted)) return top.id;
  }
  let best: { id: string; depth: number } | undefined;
  for (const top of topMenus) {
    for (const { node } of flattenMenus(routesByTop[top.id] ?? [])) {
      const base = normalizePath(node.path ?? '');
      if (opensInIframe(node.path ?? '') || !isUnder(wanted, base)) continue;
      if (!best || base.length > best.depth) best = { id: top.id, depth: base.length };
    }
  }
  if (best) return best.id;
  const prefix = subAppPrefixOf(wanted);
  if (prefix) return topMenus.find((top) => top.serviceName === prefix || isUnder(normalizePath(top.path ?? ''), prefix))?.id;
  return undefined;
}

/** The service a page belongs to: the menu's serviceName, else the path's first segment. */
export function serviceNameOf(menu: Pick<MenuNode, 'serviceName' | 'meta'> | undefined, path: string): string {
  const named = menu?.serviceName || menu?.meta?.serviceName;
  if (named) return named;
  return normalizePath(path).split('/')[1] ?? '';
}

/**
 * Looks something up again while the menus may still be arriving: up to
 * `tries` times, `delayMs` apart (10 × 200 ms by default). Resolves undefined when
 * it never appears or the signal aborts.
 */
export async function retryLookup<T>(lookup: () => T | undefined, options: { tries?: number; delayMs?: number; signal?: AbortSignal } = {}): Promise<T | undefined> {
  const tries = options.tries ?? 10;
  const delayMs = options.delayMs ?? 200;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (options.signal?.aborted) return undefined;
    const found = lookup();
    if (found !== undefined) return found;
    if (attempt < tries - 1) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return undefined;
}

/** The menu node for a path in any top menu's routes. */
export function findMenuInRoutes(routesByTop: Record<string, MenuNode[] | undefined>, path: string): MenuNode | undefined {
  for (const routes of Object.values(routesByTop)) {
    const menu = findMenuByPath(routes ?? [], path);
    if (menu) return menu;
  }
  return undefined;
}

/**
 * The address an iframe may show: http(s) only, relative addresses resolved
 * against the page's origin. Anything else (javascript:, data:) is refused.
 */
export function embeddableUrl(src: string, origin: string): string | undefined {
  if (!src.trim()) return undefined;
  try {
    const url = new URL(src.trim(), origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export type IframeDecision = { kind: 'embed'; url: string } | { kind: 'invalid' } | { kind: 'refused'; url: string; host: string };

/** `host` is on the list: an exact host, or `*.example.com` for its subdomains. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e.startsWith('*.')) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === e;
  });
}

/**
 * What /myiframe may show: http(s) only (never javascript: or
 * data:); the shell's own origin and the allow-listed hosts are embedded,
 * any other address is refused and offered in a new window instead.
 */
export function iframeDecision(src: string, origin: string, allowedHosts: readonly string[]): IframeDecision {
  const url = embeddableUrl(src, origin);
  if (!url) return { kind: 'invalid' };
  const parsed = new URL(url);
  if (parsed.origin === new URL(origin).origin || hostAllowed(parsed.host, allowedHosts)) return { kind: 'embed', url };
  return { kind: 'refused', url, host: parsed.host };
}
