/** What a key pressed on the trigger of a menu or popup does (WAI-ARIA menu button, context menu). */
export type MenuKind = 'button' | 'contextMenu';

interface KeyLike {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * Whether the key opens the menu: on a menu button Enter, Space, ↓ and ↑; on an element with a
 * context menu the ContextMenu key and Shift+F10 (the browser's own keys for it).
 */
export function opensMenu(event: KeyLike, kind: MenuKind): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  if (kind === 'contextMenu') return (event.key === 'ContextMenu' && !event.shiftKey) || (event.key === 'F10' && event.shiftKey);
  return !event.shiftKey && (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown' || event.key === 'ArrowUp');
}

/** Where focus may go back to: attached, shown, not disabled, not inside something hidden from the user. */
export function canTakeFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  if (!element?.isConnected) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest('[inert], [aria-hidden="true"], [hidden]')) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0;
}

const FOCUSABLE =
  '[role="menuitem"]:not([aria-disabled="true"]), button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of a popup the keyboard can go to, in document order (a menu's items that are not disabled, a panel's controls). */
export function focusables(root: ParentNode | null | undefined): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => canTakeFocus(element)) : [];
}

/** The first of them. */
export function firstFocusable(root: ParentNode | null | undefined): HTMLElement | null {
  return focusables(root)[0] ?? null;
}

/** How long a popup opened from the keyboard is watched (drawn late on a loaded machine, or loading a lazy chunk). */
export const FOCUS_WAIT_MS = 3000;
/** The item of an antd menu its keyboard handling (or the pointer) last made active. */
const ACTIVE_ITEM = '[role="menuitem"][class*="-item-active"]:not([aria-disabled="true"])';

/**
 * Keeps focus in a popup opened from the keyboard while it settles: for up to `wait`, on every
 * frame, focus on the body or on the trigger goes to the popup's first control, and focus on the
 * menu itself to its active item. antd's Dropdown tries once, three frames after opening: a menu drawn later never got
 * focus, and on a loaded machine focus was seen left on the `ul` rather than its first item.
 * Focus the user moved elsewhere ends it; the popup's closing stops it (the caller's effect).
 * Answers a function that stops it.
 */
export function focusFirstOnceShown(popup: () => HTMLElement | null, trigger: () => HTMLElement | null, wait = FOCUS_WAIT_MS): () => void {
  let frame = 0;
  const until = Date.now() + wait;
  const watch = () => {
    const box = popup();
    const active = document.activeElement;
    const inside = !!box?.contains(active);
    if (!inside && active && active !== document.body && !trigger()?.contains(active)) return;
    if (!inside) firstFocusable(box)?.focus();
    // on the menu itself: to the item the arrows last reached (antd marks it active), else the first
    else if (active?.getAttribute('role') === 'menu') (box?.querySelector<HTMLElement>(ACTIVE_ITEM) ?? firstFocusable(box))?.focus();
    if (Date.now() < until) frame = requestAnimationFrame(watch);
  };
  frame = requestAnimationFrame(watch);
  return () => cancelAnimationFrame(frame);
}
