import { create } from 'zustand';

/**
 * 刷新 of the tab menu: each tab's page is rendered under a generation, and a
 * refresh starts the next one, so the page mounts afresh (its data fetched again,
 * its iframes reloaded) where it is, without reloading the shell.
 */
interface PageRefresh {
  generation: Record<string, number>;
  refresh: (tabKey: string) => void;
}

export const usePageRefresh = create<PageRefresh>((set) => ({
  generation: {},
  refresh: (tabKey) => set((s) => ({ generation: { ...s.generation, [tabKey]: (s.generation[tabKey] ?? 0) + 1 } })),
}));
