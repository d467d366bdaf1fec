import type { SelectedProject } from '@wb/contracts/project';

/**
 * A small typed event bus inside the shell. The micro-frontend host forwards
 * these events to sub-applications (docs/subapp-protocol.md §3); shell features listen too.
 */
export interface ShellEvents {
  /** the selected project node (a project or an 'all' entry) */
  'project-change': SelectedProject;
  /** pages should reload their data (a new project was picked) */
  'data-refresh': undefined;
}

type Handler<T> = (payload: T) => void;

export interface EventBus<E> {
  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void;
  off<K extends keyof E>(event: K, handler: Handler<E[K]>): void;
  emit<K extends keyof E>(event: K, ...payload: E[K] extends undefined ? [] : [E[K]]): void;
}

export function createEventBus<E>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  const bus: EventBus<E> = {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => bus.off(event, handler);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler);
    },
    emit(event, ...payload) {
      // A copy: a handler that unsubscribes while running must not skip the next one.
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          (handler as Handler<unknown>)(payload[0]);
        } catch (error) {
          // One failing listener (a sub-app) must not stop the others; it still reaches the error log.
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
  };
  return bus;
}

export const shellBus = createEventBus<ShellEvents>();
