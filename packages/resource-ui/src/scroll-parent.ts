/**
 * The element a node scrolls with: its nearest ancestor that scrolls vertically,
 * else the window. The table's sticky header and horizontal scrollbar follow it, so
 * the scrollbar of a wide table is on screen inside the shell's view (which scrolls
 * itself) as well as in a sub-app that scrolls the window.
 */
export function scrollParent(node: Element | null): HTMLElement | Window {
  for (let el = node?.parentElement; el; el = el.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(el).overflowY)) return el;
  }
  return window;
}
