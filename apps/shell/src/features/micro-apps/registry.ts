import { subAppAddressError, subAppEntry, type RouterMode, type SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { isShellOwnedPath } from '../menu/menu-resolution';

/**
 * Pure rules that map shell paths to registered sub-applications
 * (docs/subapp-protocol.md §1, §10): which descriptor owns a path, the address wujie
 * loads, the path inside the app, and the API address the app is handed.
 */

/** History state of a shell navigation that mirrors a sub-app's own move (the tab it happened in keeps it). */
export const SUB_APP_MOVE = 'subAppMove';

/** Code of a failed sub-module lookup: a path under a mount prefix that no descriptor owns. */
export const MODULE_NOT_FOUND = 'MODULE_NOT_FOUND';

export class SubAppLookupError extends Error {
  readonly code = MODULE_NOT_FOUND;
  constructor(readonly path: string) {
    super(`${MODULE_NOT_FOUND}: no sub-application is registered for ${path}`);
    this.name = 'SubAppLookupError';
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** '/coredata/' → '/coredata'; '' → '' (a descriptor without a prefix owns nothing). */
export function normalizePrefix(prefix: string): string {
  const inner = trimSlashes(prefix.trim());
  return inner ? `/${inner}` : '';
}

function under(path: string, prefix: string): boolean {
  return prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));
}

function cleanPath(path: string): string {
  const p = `/${trimSlashes(path.split(/[?#]/)[0] ?? '')}`;
  return p;
}

/** Descriptors whose prefix holds `path`, longest prefix first, registry order kept among equals. */
export function descriptorsForPath(registry: readonly SubAppDescriptor[], path: string): SubAppDescriptor[] {
  const p = cleanPath(path);
  // the shell's own pages under an app's prefix (the flow's /work/process/…) belong to no app
  if (isShellOwnedPath(p)) return [];
  return registry
    .map((d, i) => ({ d, i, prefix: normalizePrefix(d.prefix) }))
    .filter(({ prefix }) => under(p, prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length || a.i - b.i)
    .map(({ d }) => d);
}

/** The path inside the app, without leading or trailing slashes ('' for the prefix itself). */
export function restOfPath(descriptor: Pick<SubAppDescriptor, 'prefix'>, path: string): string {
  const p = cleanPath(path);
  const prefix = normalizePrefix(descriptor.prefix);
  return trimSlashes(p.slice(prefix.length));
}

/**
 * The descriptor that owns a shell path. Several apps may share a prefix
 * (/cruiser: mechanised operations and labour; /publish: versions and the
 * release guide); then the menu's serviceName decides, else the one whose
 * defaultPath the path starts with, else the first of the registry (the
 * registry is ordered: default app first, then by sort).
 */
export function descriptorForPath(registry: readonly SubAppDescriptor[], path: string, serviceName?: string): SubAppDescriptor | undefined {
  const candidates = descriptorsForPath(registry, path);
  if (candidates.length <= 1) return candidates[0];
  const longest = normalizePrefix(candidates[0].prefix);
  const same = candidates.filter((d) => normalizePrefix(d.prefix) === longest);
  if (serviceName) {
    const named = same.find((d) => d.serviceName === serviceName);
    if (named) return named;
  }
  const rest = restOfPath(same[0], path);
  const byDefault = same.find((d) => {
    const start = trimSlashes(d.defaultPath ?? '');
    return start !== '' && (rest === start || rest.startsWith(`${start}/`));
  });
  return byDefault ?? same[0];
}

/** Like descriptorForPath, but a path no app owns is MODULE_NOT_FOUND. */
export function requireDescriptor(registry: readonly SubAppDescriptor[], path: string, serviceName?: string): SubAppDescriptor {
  const found = descriptorForPath(registry, path, serviceName);
  if (!found) throw new SubAppLookupError(cleanPath(path));
  return found;
}

/** Host '' = the app is registered but not deployed anywhere yet. */
export function isDeployed(descriptor: Pick<SubAppDescriptor, 'host'>): boolean {
  return descriptor.host.trim() !== '';
}

/** The app's inner route for a shell path: '/coredata/company' → '/company', '/coredata' → '/'. */
export function innerRoute(descriptor: Pick<SubAppDescriptor, 'prefix'>, path: string, search = ''): string {
  return `/${restOfPath(descriptor, path)}${search}`;
}

/** The document the author deployed (contracts subAppEntry): the app's HTML always comes from there. */
export function entryUrl(descriptor: Pick<SubAppDescriptor, 'host'>, origin: string): string {
  return subAppEntry(descriptor.host, origin);
}

/** The folder of the entry: a history router's routes lie below it ('/react17/'). */
function entryBase(entry: string): URL {
  return new URL('./', entry);
}

/**
 * The address wujie opens the app at, for a route inside it ('/a/b?x=1'): below the
 * entry's folder for a history router, in the entry's hash for a hash router; the
 * entry itself while the mode is not known yet (the route follows once it is).
 */
export function appUrl(entry: string, route: string, mode: RouterMode): string {
  const inner = route.startsWith('/') ? route : `/${route}`;
  if (mode === 'hash') return `${entry.split('#')[0]}#${inner}`;
  if (mode === 'history') return new URL(inner.slice(1), entryBase(entry)).href;
  return entry;
}

/**
 * The route an app shows, read from its own address (its pathname, search and hash):
 * undefined when the address lies outside the app's folder.
 */
export function routeOfAppUrl(entry: string, address: string, mode: Exclude<RouterMode, ''>): string | undefined {
  const url = new URL(address, entry);
  if (mode === 'hash') {
    const inner = url.hash.slice(1);
    return inner.startsWith('/') ? inner : `/${inner}`;
  }
  const base = entryBase(entry).pathname;
  const path = url.pathname === base.slice(0, -1) ? base : url.pathname;
  if (!path.startsWith(base)) return undefined;
  const rest = path.slice(base.length);
  // the entry file itself ('/app/index.html') is the app's root
  const file = new URL(entry).pathname.slice(base.length);
  return `/${rest === file ? '' : rest}${url.search}`;
}

/** The shell path of a route inside an app: '/company?x=1' under '/coredata' → '/coredata/company?x=1'. */
export function shellPathOf(descriptor: Pick<SubAppDescriptor, 'prefix'>, route: string): string {
  const prefix = normalizePrefix(descriptor.prefix);
  const [path, ...query] = route.split('?');
  const rest = trimSlashes(path ?? '');
  const search = query.length ? `?${query.join('?')}` : '';
  return `${rest ? `${prefix}/${rest}` : prefix}${search}`;
}

/** Where the app starts when its top menu is chosen (or when preloaded): its defaultPath. */
export function startPath(descriptor: Pick<SubAppDescriptor, 'prefix' | 'defaultPath'>): string {
  const prefix = normalizePrefix(descriptor.prefix);
  const tail = trimSlashes(descriptor.defaultPath ?? '');
  return tail ? `${prefix}/${tail}` : prefix || '/';
}

/**
 * props.apiBase: the descriptor's defaultApiHost, else the shell's own API as an
 * absolute address (a relative one would be resolved by wujie against the
 * sub-app's host). No trailing slash.
 */
export function apiBaseFor(descriptor: Pick<SubAppDescriptor, 'defaultApiHost'>, origin: string, shellApiBase: string): string {
  const chosen = descriptor.defaultApiHost?.trim() || shellApiBase.trim();
  return new URL(chosen || '/', origin).href.replace(/\/+$/, '');
}

/**
 * Whether a served descriptor can be mounted: one stored before the server checked
 * addresses (a `javascript:` or `data:` host, one the URL parser refuses) is skipped
 * with a warning, so it cannot run in the shell's origin nor break the other pages.
 */
export function usableDescriptor(d: SubAppDescriptor): boolean {
  const bad = subAppAddressError(d);
  if (bad) console.warn(`sub-app ${d.serviceName} skipped: ${bad.field} ${JSON.stringify(d[bad.field])} is not an http(s) address or a path of this site`);
  return !bad;
}

/** The registry as served, defensively: no prefix-less rows nor unusable addresses, the default app first. */
export function orderRegistry(rows: readonly SubAppDescriptor[]): SubAppDescriptor[] {
  return rows
    .filter((d) => d.serviceName && normalizePrefix(d.prefix) && usableDescriptor(d))
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (b.d.default ?? 0) - (a.d.default ?? 0) || a.i - b.i)
    .map(({ d }) => d);
}

/** Preload order: the default app first, then the others; only deployed ones. */
export function preloadOrder(registry: readonly SubAppDescriptor[]): SubAppDescriptor[] {
  const seen = new Set<string>();
  return orderRegistry(registry).filter((d) => {
    if (!isDeployed(d) || seen.has(d.serviceName)) return false;
    seen.add(d.serviceName);
    return true;
  });
}
