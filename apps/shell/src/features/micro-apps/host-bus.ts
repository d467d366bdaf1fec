import { bus } from 'wujie';
import { SUB_ROUTE_CHANGE, type ShellEventName, type ShellEventPayloads, type SubAppEventName, type SubAppEventPayloads } from '@wb/contracts/subapp-protocol';

/**
 * The shell's side of the event protocol on wujie's bus: events to every app,
 * to one app, and the shell's listeners to the apps' events. Every listener put
 * on the bus comes with its `off`.
 */

// wujie's name for the listeners of every event ($onAll; wujie/esm/constant.js, not exported by its entry)
const WUJIE_ALL_EVENT = '_wujie_all_event';

type Payload<E extends ShellEventName> = ShellEventPayloads[E];
type EmitArgs<E extends ShellEventName> = undefined extends Payload<E> ? [Payload<E>?] : [Payload<E>];

/**
 * Shell → every sub-app (wujie's bus reaches all of them). Sent only when some app listens: wujie
 * warns '[wujie warn]: <event> 事件订阅数量为空' on the console for an event nobody hears, which the
 * picker's project-change was on every page without a running app.
 */
export function emitToSubApps<E extends ShellEventName>(event: E, ...payload: EmitArgs<E>): void {
  if (!anyAppListensTo(event)) return;
  bus.$emit(event, ...payload);
}

type BusListeners = Map<string, Record<string, ((...args: unknown[]) => void)[] | undefined>>;

const busListeners = () => (window as Window & { __WUJIE_INJECT?: { appEventObjMap?: BusListeners } }).__WUJIE_INJECT?.appEventObjMap;

function listenersOf(name: string, event: string) {
  return busListeners()?.get(name)?.[event];
}

/** Whether any app (or the shell) listens to `event`, or to every event (wujie's `$onAll`). */
function anyAppListensTo(event: string): boolean {
  for (const listeners of busListeners()?.values() ?? []) if (listeners[event]?.length || listeners[WUJIE_ALL_EVENT]?.length) return true;
  return false;
}

/** Whether the app listens to `event` on its own bus (which way it wants its routes). */
export function subAppListensTo(name: string, event: string): boolean {
  return (listenersOf(name, event)?.length ?? 0) > 0;
}

/**
 * Shell → one sub-app: the listeners the app put on its own bus. wujie's
 * `$emit` reaches every app, and a 'route-change' is meant for one.
 */
export function emitToSubApp<E extends ShellEventName>(name: string, event: E, ...payload: EmitArgs<E>): void {
  emitToOneApp(name, event, ...payload);
}

/** Any event to one app: wujie's own `<name>-router-change` too. */
export function emitToOneApp(name: string, event: string, ...payload: unknown[]): void {
  for (const fn of [...(listenersOf(name, event) ?? [])]) {
    try {
      fn(...payload);
    } catch (error) {
      // One app's failing listener must not stop the shell; it still reaches the error log.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** wujie's `sub-route-change`: (serviceName, path), as its demo apps send it; returns the `off`. */
export function onSubRouteChange(handler: (name: unknown, path: unknown) => void): () => void {
  bus.$on(SUB_ROUTE_CHANGE, handler);
  return () => {
    bus.$off(SUB_ROUTE_CHANGE, handler);
  };
}

/** Sub-app → shell: listens to one event; returns the `off`. */
export function onSubAppEvent<E extends SubAppEventName>(event: E, handler: (payload: SubAppEventPayloads[E]) => void): () => void {
  const fn = (payload: SubAppEventPayloads[E]) => handler(payload);
  bus.$on(event, fn);
  return () => {
    bus.$off(event, fn);
  };
}
