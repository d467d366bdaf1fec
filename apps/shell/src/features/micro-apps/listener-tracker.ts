/**
 * Listeners an app's code puts on the shell's own document or window (React
 * puts 'selectionchange' on its root's ownerDocument, which for a shadow root
 * is the shell's; wujie forwards keydown, wheel, visibilitychange there).
 * Left behind they keep the destroyed app's whole realm alive: they are
 * recorded per app and removed when it is destroyed.
 *
 * A listener belongs to an app when it was created in that app's sandbox
 * window (its JavaScript realm): a function or object of that realm.
 */

interface ForeignListener {
  target: EventTarget;
  type: string;
  listener: EventListenerOrEventListenerObject;
  options?: boolean | EventListenerOptions;
}

type Realm = Window & { Function: FunctionConstructor; Object: ObjectConstructor };

/** The sandbox window of each app whose listeners are attributed to it. */
const realms = new Map<string, Realm>();
const foreign = new Map<string, ForeignListener[]>();
let patched = false;

function ownerOf(listener: EventListenerOrEventListenerObject): string | undefined {
  for (const [name, realm] of realms) {
    if (listener instanceof realm.Function || listener instanceof realm.Object) return name;
  }
  return undefined;
}

/**
 * Wraps the shell document's and window's add/removeEventListener once, so that
 * every listener from an app's realm is recorded against that app.
 */
function patchShellTargets(): void {
  if (patched) return;
  patched = true;
  for (const target of [document, window] as EventTarget[]) {
    // The originals, called below with `.call(this, …)`.
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      const owner = listener ? ownerOf(listener) : undefined;
      if (owner && listener) {
        const list = foreign.get(owner) ?? [];
        list.push({ target: this, type, listener, options });
        foreign.set(owner, list);
      }
      return add.call(this, type, listener, options);
    };
    target.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      if (listener) {
        for (const [owner, list] of foreign) {
          const kept = list.filter((l) => !(l.target === this && l.type === type && l.listener === listener));
          if (kept.length !== list.length) foreign.set(owner, kept);
        }
      }
      return remove.call(this, type, listener, options);
    };
  }
}

/** From now on, listeners created in `appWindow` and put on the shell's document or window are `name`'s. */
export function trackAppListeners(name: string, appWindow: Window): void {
  realms.set(name, appWindow as Realm);
  patchShellTargets();
}

/** Removes what `name`'s code left on the shell's document and window, and forgets its realm. */
export function removeAppListeners(name: string): void {
  for (const l of foreign.get(name) ?? []) l.target.removeEventListener(l.type, l.listener, l.options);
  foreign.delete(name);
  realms.delete(name);
}
