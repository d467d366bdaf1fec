/** Which pages the layout keeps mounted: pure, so it is unit-tested. */

/** How many pages stay mounted at most; the least recently shown goes first. */
export const KEPT_PAGES_LIMIT = 10;

export interface KeptPage<T> {
  /** the tab's key */
  key: string;
  /** what the page was rendered with: its outlet and where it was */
  snapshot: T;
  /** when it was last shown: higher is more recent */
  shown: number;
}

/**
 * The pages to keep once the page of `key` is shown with `snapshot`: the pages of
 * open tabs, at most `limit`, the least recently shown dropped first. The order
 * never changes (React would move their elements, and a moved iframe reloads); a
 * page shown again keeps its snapshot when `same` says it is at the same place,
 * so React skips it. The same array when nothing changed, so the layout can hold
 * it in state and set it while rendering. `active` undefined: the shown page is
 * not kept.
 */
export function keepPages<T>(
  pages: KeptPage<T>[],
  active: { key: string; snapshot: T } | undefined,
  openKeys: readonly string[],
  same: (a: T, b: T) => boolean,
  limit = KEPT_PAGES_LIMIT,
): KeptPage<T>[] {
  const kept = pages.filter((page) => page.key === active?.key || openKeys.includes(page.key));
  const latest = Math.max(0, ...pages.map((page) => page.shown));
  const current = pages.find((page) => page.key === active?.key);
  const unchanged = !active || (current !== undefined && current.shown === latest && same(current.snapshot, active.snapshot));
  if (unchanged && kept.length === pages.length) return pages;
  let next = kept;
  if (active) {
    const snapshot = current && same(current.snapshot, active.snapshot) ? current.snapshot : active.snapshot;
    const shownNow = { key: active.key, snapshot, shown: current?.shown === latest ? latest : latest + 1 };
    next = current ? kept.map((page) => (page === current ? shownNow : page)) : [...kept, shownNow];
  }
  while (next.length > limit) {
    const oldest = next.reduce((a, b) => (b.shown < a.shown ? b : a));
    next = next.filter((page) => page !== oldest);
  }
  return next;
}
