import { create } from 'zustand';

/**
 * Parts of the chrome a sub-application may hide ('hide-project-filter',
 * 'hide-sidebar', 'full-screen', 'toggle-menu'; docs/subapp-protocol.md §3).
 * The micro-frontend host sets these flags from the sub-app's bus events; the
 * layout reads them. Reset when the layout mounts, so one app's choice does not
 * outlive it.
 */
interface ShellUiState {
  projectFilterHidden: boolean;
  sidebarHidden: boolean;
  fullscreen: boolean;
  sidebarCollapsed: boolean;
  setProjectFilterHidden(hidden: boolean): void;
  setSidebarHidden(hidden: boolean): void;
  setFullscreen(on: boolean): void;
  setSidebarCollapsed(collapsed: boolean): void;
  reset(): void;
}

const initial = { projectFilterHidden: false, sidebarHidden: false, fullscreen: false, sidebarCollapsed: false };

export const useShellUi = create<ShellUiState>()((set) => ({
  ...initial,
  setProjectFilterHidden: (projectFilterHidden) => set({ projectFilterHidden }),
  setSidebarHidden: (sidebarHidden) => set({ sidebarHidden }),
  setFullscreen: (fullscreen) => set({ fullscreen }),
  setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
  reset: () => set(initial),
}));
