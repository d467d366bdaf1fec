import { canTakeFocus } from './menu-keys';

/** How many focused elements are remembered (the newest; detached ones are dropped as focus moves). */
const REMEMBERED = 30;

/** The newest remembered element that can take focus again, if any. */
export function returnTarget<T>(history: readonly T[], usable: (element: T) => boolean): T | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (usable(history[i])) return history[i];
  return undefined;
}

/**
 * Focus that would drop to `<body>` because what held it went away goes back to the newest element
 * focused before that is still there. antd's Modal and Drawer hand focus back to their opener only at
 * the end of their closing animation, so a dialog unmounted on close (`{open && <Dialog/>}`, most of
 * ours) never does; and a dialog opened from a dropdown's item remembers that item, hidden by then.
 * Focus then returns to the dialog's opener, or to the dropdown's trigger, focused just before its
 * items. A click on nothing (the element that lost focus is still there) is left alone.
 * Answers a function that stops it.
 */
export function keepFocus(doc: Document = document, usable: (element: HTMLElement) => boolean = canTakeFocus): () => void {
  let history: HTMLElement[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const isElement = (target: EventTarget | null): target is HTMLElement => !!target && (target as Node).nodeType === 1 && target !== doc.body;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!isElement(target)) return;
    history = [...history.filter((element) => element !== target && element.isConnected), target].slice(-REMEMBERED);
  };
  const onFocusOut = (event: FocusEvent) => {
    const lost = event.target;
    if (event.relatedTarget || !isElement(lost)) return;
    // once the browser has settled: the element removed or hidden, or focus given to something new
    const timer = setTimeout(() => {
      timers.delete(timer);
      const active = doc.activeElement;
      if ((active && active !== doc.body) || usable(lost)) return;
      returnTarget(history, usable)?.focus({ preventScroll: true });
    }, 0);
    timers.add(timer);
  };
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('focusout', onFocusOut, true);
    timers.forEach(clearTimeout);
    history = [];
  };
}
