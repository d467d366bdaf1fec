import { create } from 'zustand';
import { useShellUi } from '../../shared/shell-ui-store';
import { dropFromLru, touchLru } from './lru';

/**
 * The host's state, apart from wujie (the layout chunk reads it; wujie loads
 * lazily): which sub-apps are alive, which one is shown, how each one's load
 * went, and what each asked of the chrome.
 */
export type SubAppPhase = 'loading' | 'mounted' | 'failed';

export interface SubAppRuntime {
  phase: SubAppPhase;
  /** why it failed: a message for the error panel */
  error?: string;
}

/** What a sub-app asked of the shell's chrome (hide-sidebar, hide-project-filter, full-screen). */
export interface ChromeWishes {
  sidebarHidden?: boolean;
  projectFilterHidden?: boolean;
  fullscreen?: boolean;
}

interface MicroAppsState {
  /** serviceName of the sub-app on screen, undefined on shell pages */
  active?: string;
  /** kept-alive sandboxes (opened or preloaded), most recently used first; at most the keep-alive limit */
  alive: string[];
  /** apps with a container in the stage, with a generation that a retry bumps */
  frames: Record<string, number>;
  status: Record<string, SubAppRuntime | undefined>;
  wishes: Record<string, ChromeWishes | undefined>;
}

export const useMicroApps = create<MicroAppsState>()(() => ({ alive: [], frames: {}, status: {}, wishes: {} }));

export function setSubAppStatus(name: string, runtime: SubAppRuntime | undefined): void {
  useMicroApps.setState((s) => ({ status: { ...s.status, [name]: runtime } }));
}

export function subAppStatus(name: string): SubAppRuntime | undefined {
  return useMicroApps.getState().status[name];
}

/**
 * Makes `name` the most recently used kept-alive app. Returns the apps that
 * fall out (their frames go; frame-less preloaded ones must be destroyed by
 * the caller).
 */
export function touchAlive(name: string, limit: number): string[] {
  const { order, evicted } = touchLru(useMicroApps.getState().alive, name, limit);
  useMicroApps.setState((s) => {
    const frames = { ...s.frames };
    for (const gone of evicted) delete frames[gone];
    return { alive: order, frames };
  });
  return evicted;
}

/** A preloaded app takes a place at the back, only while there is room. */
export function addPreloaded(name: string, limit: number): boolean {
  const { alive } = useMicroApps.getState();
  if (alive.includes(name)) return false;
  if (alive.length >= limit) return false;
  useMicroApps.setState({ alive: [...alive, name] });
  return true;
}

/** A preload that did not happen gives its place back (unless the app has been opened meanwhile). */
export function forgetPreloaded(name: string): void {
  useMicroApps.setState((s) => (name in s.frames ? s : { alive: dropFromLru(s.alive, name) }));
}

export function openFrame(name: string): void {
  useMicroApps.setState((s) => (name in s.frames ? s : { frames: { ...s.frames, [name]: 0 } }));
}

export function closeFrame(name: string): void {
  useMicroApps.setState((s) => {
    if (!(name in s.frames) && !s.alive.includes(name)) return s;
    const frames = { ...s.frames };
    delete frames[name];
    return { frames, alive: dropFromLru(s.alive, name) };
  });
}

/** Retry: a new container (new generation) for the app, after its sandbox was destroyed. */
export function renewFrame(name: string): void {
  useMicroApps.setState((s) => ({ frames: { ...s.frames, [name]: (s.frames[name] ?? 0) + 1 }, status: { ...s.status, [name]: undefined } }));
}

/** Applies the shown app's wishes to the chrome; a shell page (no app) gets the chrome back. */
function applyWishes(wishes: ChromeWishes | undefined, defaults: ChromeWishes = {}): void {
  const ui = useShellUi.getState();
  const w = { ...defaults, ...wishes };
  if (ui.sidebarHidden !== !!w.sidebarHidden) ui.setSidebarHidden(!!w.sidebarHidden);
  if (ui.projectFilterHidden !== !!w.projectFilterHidden) ui.setProjectFilterHidden(!!w.projectFilterHidden);
  if (ui.fullscreen !== !!w.fullscreen) ui.setFullscreen(!!w.fullscreen);
}

/** The shown app changed: its own wishes (a dashboard app starts full screen) replace the previous app's. */
export function setActiveApp(name: string | undefined, defaults: ChromeWishes = {}): void {
  if (useMicroApps.getState().active === name) return;
  useMicroApps.setState({ active: name });
  applyWishes(name ? useMicroApps.getState().wishes[name] : undefined, name ? defaults : {});
}

/** A wish of the app on screen; with no app on screen it applies to the chrome as it is. */
export function wish(patch: ChromeWishes): void {
  const { active, wishes } = useMicroApps.getState();
  if (!active) {
    applyWishes({ ...currentChrome(), ...patch });
    return;
  }
  const next = { ...wishes[active], ...patch };
  useMicroApps.setState({ wishes: { ...wishes, [active]: next } });
  applyWishes({ ...currentChrome(), ...next });
}

export function currentChrome(): ChromeWishes {
  const ui = useShellUi.getState();
  return { sidebarHidden: ui.sidebarHidden, projectFilterHidden: ui.projectFilterHidden, fullscreen: ui.fullscreen };
}

/** The layout left (logout): nothing of this session survives. */
export function resetMicroApps(): void {
  useMicroApps.setState({ active: undefined, alive: [], frames: {}, status: {}, wishes: {} });
}
