import { isRouterChange } from '@wb/contracts/subapp-protocol';

/**
 * What the shell does with a sub-app's `routerChange` (docs/subapp-protocol.md
 * §3): '/login' logs out; a path or `{ path, query }`
 * opens that shell page; a number moves in history; anything else is answered
 * with ROUTER_CHANGE_ERROR.
 */
export type RouterChangeAction = { kind: 'logout' } | { kind: 'navigate'; to: string } | { kind: 'history'; delta: number } | { kind: 'invalid' };

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query || typeof query !== 'object') return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  if (!s) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${s}`;
}

/** A shell path: absolute, same site (no scheme, no '//host'). */
function shellPath(path: string): string | undefined {
  const p = path.trim();
  if (!p || /^[a-z][a-z\d+.-]*:/i.test(p) || p.startsWith('//')) return undefined;
  return p.startsWith('/') ? p : `/${p}`;
}

function isLogin(path: string): boolean {
  return /^\/login(?:[/?#]|$)/.test(path);
}

export function parseRouterChange(value: unknown): RouterChangeAction {
  if (!isRouterChange(value)) return { kind: 'invalid' };
  if (typeof value === 'number') return value === 0 ? { kind: 'invalid' } : { kind: 'history', delta: value };
  const raw = typeof value === 'string' ? value : value.path;
  const path = shellPath(raw);
  if (!path) return { kind: 'invalid' };
  if (isLogin(path)) return { kind: 'logout' };
  const to = typeof value === 'string' ? path : withQuery(path, value.query);
  return { kind: 'navigate', to };
}

/** The shell's handling of a routerChange while the layout is up (use-host-wiring.ts sets it). */
let handler: ((payload: unknown) => void) | undefined;
export function setRouterChangeHandler(fn: ((payload: unknown) => void) | undefined): void {
  handler = fn;
}

/** props.jump: a routerChange by a function call, as wujie's demo host offers it. */
export function jumpFromSubApp(to: unknown): void {
  handler?.(to);
}
