import { bus } from 'wujie';
import type { ShellEventName, ShellEventPayloads, SubAppEventName, SubAppEventPayloads } from '@wb/contracts/subapp-protocol';

/**
 * The shell's side of the event protocol on wujie's bus: events to every app,
 * to one app, and the shell's listeners to the apps' events. Every listener put
 * on the bus comes with its `off`.
 */

type Payload<E extends ShellEventName> = ShellEventPayloads[E];
type EmitArgs<E extends ShellEventName> = undefined extends Payload<E> ? [Payload<E>?] : [Payload<E>];

/** Shell → every sub-app (wujie's bus reaches all of them). */
export function emitToSubApps<E extends ShellEventName>(event: E, ...payload: EmitArgs<E>): void {
  bus.$emit(event, ...payload);
}

type BusListeners = Map<string, Record<string, ((...args: unknown[]) => void)[] | undefined>>;

/**
 * Shell → one sub-app: the listeners the app put on its own bus. wujie's
 * `$emit` reaches every app, and a 'route-change' is meant for one.
 */
export function emitToSubApp<E extends ShellEventName>(name: string, event: E, ...payload: EmitArgs<E>): void {
  const listeners = (window as Window & { __WUJIE_INJECT?: { appEventObjMap?: BusListeners } }).__WUJIE_INJECT?.appEventObjMap?.get(name)?.[event];
  for (const fn of [...(listeners ?? [])]) {
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

/** Sub-app → shell: listens to one event; returns the `off`. */
export function onSubAppEvent<E extends SubAppEventName>(event: E, handler: (payload: SubAppEventPayloads[E]) => void): () => void {
  const fn = (payload: SubAppEventPayloads[E]) => handler(payload);
  bus.$on(event, fn);
  return () => {
    bus.$off(event, fn);
  };
}
