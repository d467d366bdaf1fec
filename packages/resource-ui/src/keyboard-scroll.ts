import { useEffect, type RefObject } from 'react';

/** What the Tab key stops on (the copies in a table's measure row are hidden: no stop). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** marks the attributes set here, so that they are taken back, and only they */
const MARK = 'data-wb-keyboard-scroll';

/**
 * A table's scrolling body (antd's `.ant-table-body`, or `.ant-table-content`) that scrolls but
 * holds nothing the Tab key stops on (an empty list, a read-only log) cannot be scrolled from
 * the keyboard: it becomes a stop itself, a region named after the list, where the arrow keys
 * scroll it (WCAG 2.1.1; axe's scrollable-region-focusable). Taken back when it no longer does.
 */
export function keyboardScroll(box: ParentNode, label: string): void {
  for (const body of box.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content')) {
    const scrolls = body.scrollWidth > body.clientWidth + 1 || body.scrollHeight > body.clientHeight + 1;
    const reachable = [...body.querySelectorAll(FOCUSABLE)].some((el) => !el.closest('.ant-table-measure-row'));
    if (scrolls && !reachable) {
      if (!body.hasAttribute(MARK) && body.hasAttribute('tabindex')) continue;
      body.setAttribute(MARK, '');
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', label);
    } else if (body.hasAttribute(MARK)) {
      for (const name of [MARK, 'tabindex', 'role', 'aria-label']) body.removeAttribute(name);
    }
  }
}

/** Keeps `keyboardScroll` true of the tables in `box` as their rows and sizes change. */
export function useKeyboardScroll(box: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => keyboardScroll(element, label));
    };
    check();
    const changes = new MutationObserver(check);
    changes.observe(element, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    sizes?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes?.disconnect();
    };
  }, [box, label]);
}
