import { useEffect, useRef, type RefObject } from 'react';
import { create } from 'zustand';
import { queryClient } from '../../shared/query-client';
import { useSession } from '../../shared/session-store';

/**
 * The flow's lists are kept alive in their tabs: a write (a claim, a completed task, a started
 * request) bumps this version, and every list on screen or hidden reads itself again.
 */
export const useFlowChanges = create<{ version: number; bump(): void }>((set) => ({ version: 0, bump: () => set((s) => ({ version: s.version + 1 })) }));

/** Cached look-ups a write does not change (people, categories, tenants). */
const STABLE = new Set(['users', 'categories', 'tenants', 'modeler']);

/** Something of the flow changed: every list and cached view of it (diagrams, histories, requests) is read again. */
export function flowChanged(): void {
  useFlowChanges.getState().bump();
  void queryClient.invalidateQueries({ queryKey: ['flow'], predicate: (query) => !STABLE.has(String(query.queryKey[1])) });
}

/**
 * Calls `onShown` each time the element comes back on screen after being hidden (its tab chosen
 * again): what others did meanwhile (a task sent to this user) shows without a reload.
 */
export function useShownAgain(ref: RefObject<HTMLElement>, onShown: () => void): void {
  const latest = useRef(onShown);
  latest.current = onShown;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let hidden = false;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        // a hidden tab's page is display: none, which no intersection reaches
        const shown = entry.isIntersecting || entry.boundingClientRect.width > 0;
        if (!shown) hidden = true;
        else if (hidden) {
          hidden = false;
          latest.current();
        }
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}

/** Whether the user holds a button code (the selected top menu's buttons). */
export function useCan(): (code: string) => boolean {
  const permission = useSession((s) => s.permission);
  return (code: string) => permission[code] === true;
}

/** Closes the tab of `path` (a leave page done with), after the move elsewhere. */
export function closeTabOf(path: string): void {
  const session = useSession.getState();
  session.setTabs(session.tabs.filter((tab) => tab.value !== path));
}
