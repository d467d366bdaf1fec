import { useSyncExternalStore } from 'react';
import {
  SHELL_EVENTS,
  SUBAPP_EVENTS,
  emitToShell,
  type ProjectNode,
  type SubAppEventName,
  type SubAppEventPayloads,
  type SubAppLocale,
  type SubAppTheme,
  type WujieContext,
} from '@wb/contracts/subapp-protocol';

export interface BridgeState {
  /** the project picked in the shell (props.project at mount, then every 'project-change') */
  project: ProjectNode | null;
  /** bumped by every 'data-refresh': lists and counts reload */
  refreshKey: number;
  /** the shell's locale, when it says so */
  locale?: SubAppLocale;
  /** the last page the shell asked for ('route-change'), numbered so the same path twice still navigates */
  route?: { path: string; seq: number };
  /** the shell's theme and colour (props at mount, then every 'theme-change'); absent standalone */
  look?: SubAppTheme;
}

let state: BridgeState = { project: null, refreshKey: 0 };
const listeners = new Set<() => void>();
let bus: WujieContext['bus'] | undefined;

function update(next: Partial<BridgeState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function bridgeState(): BridgeState {
  return state;
}

export function useBridge<T>(select: (s: BridgeState) => T): T {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => select(state),
  );
}

/**
 * Listens to the shell's events while the app is mounted. Returns the
 * disconnect, which the unmount calls: a re-mounted app must not answer twice.
 */
export function connectBus(context: WujieContext | undefined): () => void {
  bus = context?.bus;
  const props = context?.props;
  update({ project: props?.project ?? null, locale: props?.locale, look: props?.color ? { theme: props.theme ?? '', color: props.color, dark: !!props.dark } : undefined });
  if (!bus) return () => undefined;
  const onProject = (node: ProjectNode) => {
    update({ project: node ?? null });
  };
  const onRefresh = () => {
    update({ refreshKey: state.refreshKey + 1 });
  };
  const onLocale = (locale: SubAppLocale) => {
    update({ locale: locale === 'en' ? 'en' : 'zh' });
  };
  const onRoute = (path: string) => {
    if (typeof path !== 'string' || !path.startsWith('/')) return;
    update({ route: { path, seq: (state.route?.seq ?? 0) + 1 } });
  };
  const onTheme = (look: SubAppTheme) => {
    if (look && typeof look.color === 'string') update({ look: { theme: String(look.theme ?? ''), color: look.color, dark: look.dark === true } });
  };
  const connected = bus;
  const handlers: [string, (...args: never[]) => void][] = [
    [SHELL_EVENTS.projectChange, onProject],
    [SHELL_EVENTS.dataRefresh, onRefresh],
    [SHELL_EVENTS.localeChange, onLocale],
    [SHELL_EVENTS.routeChange, onRoute],
    [SHELL_EVENTS.themeChange, onTheme],
  ];
  for (const [event, fn] of handlers) connected.$on(event, fn);
  return () => {
    for (const [event, fn] of handlers) connected.$off(event, fn);
    if (bus === connected) bus = undefined;
  };
}

/** Sends an event to the shell; standalone there is no one to tell. */
export function emit<E extends SubAppEventName>(event: E, ...payload: undefined extends SubAppEventPayloads[E] ? [SubAppEventPayloads[E]?] : [SubAppEventPayloads[E]]): void {
  if (bus) emitToShell(bus, event, ...payload);
}

/** A local stand-in for 'data-refresh' (the standalone app's reload). */
export function refreshLocally(): void {
  update({ refreshKey: state.refreshKey + 1 });
}

export { SUBAPP_EVENTS };
