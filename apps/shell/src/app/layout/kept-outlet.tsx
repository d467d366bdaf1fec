import { useContext, useLayoutEffect, useRef, useState, type ContextType, type ReactElement, type RefObject } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { ErrorBoundary } from '../error-boundary';
import { keepPages, type KeptPage } from './kept-pages';
import { usePageRefresh } from './page-refresh';

interface Snapshot {
  outlet: ReactElement | null;
  /** the router's location when the page was last shown: a hidden page goes on seeing it */
  location: ContextType<typeof LocationContext>;
}

/** At the same address: a page shown again there keeps what it was rendered with, and React skips it. */
function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  const [x, y] = [a.location.location, b.location.location];
  return x.pathname === y.pathname && x.search === y.search && x.hash === y.hash && x.state === y.state;
}

/**
 * The layout's outlet, keeping the pages of open tabs mounted (the menu's
 * meta.keepAlive): switching back to a tab shows its page as it was left,
 * with its filters, scroll position, data and iframes, without rendering it
 * again: only its `hidden` attribute (display: none) changes. Pages are never
 * moved in the DOM, since moving an iframe reloads it.
 *
 * A hidden page keeps the location it was shown at: the router's location
 * context is frozen for it (react-router's exported context; a `<Routes
 * location>` per page would re-render every hidden page on each navigation).
 * Its element is the same object from one render to the next, so React skips
 * it; other contexts (language, theme) still reach it.
 *
 * `activeKey` is the shown tab's key when its page is to be kept, else
 * undefined: that page is rendered as the plain outlet, and unmounted when left.
 * `view` is the element that scrolls: each kept page gets its position back.
 */
export function KeptOutlet({ activeKey, openKeys, view }: { activeKey: string | undefined; openKeys: readonly string[]; view: RefObject<HTMLElement> }) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const [pages, setPages] = useState<KeptPage<Snapshot>[]>([]);
  // a tab's 刷新 remounts its page: its element's key changes
  const generation = usePageRefresh((s) => s.generation);
  const next = keepPages(pages, activeKey === undefined ? undefined : { key: activeKey, snapshot: { outlet, location } }, openKeys, sameSnapshot);
  // Adjusting state while rendering: React renders again at once, before anything is committed.
  if (next !== pages) setPages(next);

  const scrollTops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const element = view.current;
    if (!element || activeKey === undefined) return;
    element.scrollTop = scrollTops.current.get(activeKey) ?? 0;
    const remember = () => scrollTops.current.set(activeKey, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [activeKey, view]);
  // A tab closed and opened again is a new page, at the top.
  useLayoutEffect(() => {
    for (const key of scrollTops.current.keys()) if (!next.some((page) => page.key === key)) scrollTops.current.delete(key);
  }, [next]);

  return (
    <>
      {next.map(({ key, snapshot }) => {
        const shown = key === activeKey;
        return (
          <div key={`${key}#${generation[key] ?? 0}`} className="wb-page" hidden={!shown} data-tab={key}>
            {/* a page that failed recovers when shown again, as a page left and reopened does */}
            <ErrorBoundary resetKey={String(shown)}>
              <LocationContext.Provider value={snapshot.location}>{snapshot.outlet}</LocationContext.Provider>
            </ErrorBoundary>
          </div>
        );
      })}
      {activeKey === undefined && (
        <div key={`#${generation[''] ?? 0}`} className="wb-page">
          {outlet}
        </div>
      )}
    </>
  );
}
