/**
 * Which kept-alive sub-apps stay mounted: the most recently used first, at most
 * `limit` (each holds an iframe, a shadow DOM and its JavaScript heap). Pure,
 * so the eviction rule is tested apart from wujie.
 */
export interface LruResult {
  /** names, most recently used first */
  order: string[];
  /** names dropped by this touch, to be destroyed */
  evicted: string[];
}

export function touchLru(order: readonly string[], name: string, limit: number): LruResult {
  const max = Math.max(1, Math.floor(limit));
  const next = [name, ...order.filter((n) => n !== name)];
  return { order: next.slice(0, max), evicted: next.slice(max) };
}

export function dropFromLru(order: readonly string[], name: string): string[] {
  return order.filter((n) => n !== name);
}
