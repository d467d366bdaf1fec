import { useRef, useState, type SyntheticEvent } from 'react';

/**
 * Keeps a hover popup (a Menu's submenu, a Dropdown) closed once an item in it is chosen.
 *
 * rc-trigger opens a popup 0.1–0.15 s after the pointer enters it and does not cancel that when a
 * choice closes it: the popup came back under the still pointer, over the dialog the item opened,
 * and where the item under the pointer was re-rendered (the top bar's '…') it never got the
 * pointer's leaving and stayed. After a choice, opening is refused until the pointer or the
 * keyboard is back on the trigger's own DOM (popups are portals, outside it). `trigger` answers
 * that element when an event comes, so a ref's current will do.
 */
export function useClosedOnChoice(trigger: () => HTMLElement | null | undefined) {
  const chosen = useRef(false);
  const back = (event: SyntheticEvent) => {
    if (trigger()?.contains(event.target as Node)) chosen.current = false;
  };
  return {
    /** for the trigger's element: capture, so the popup's own handlers see it back already */
    triggerProps: { onMouseOverCapture: back, onPointerDownCapture: back, onKeyDownCapture: back },
    /** to call when an item is chosen */
    choose: () => {
      chosen.current = true;
    },
    mayOpen: () => !chosen.current,
  };
}

/** The same for a Menu whose submenus open on hover: its open keys, held here and closed on a choice. */
export function useMenuClosedOnChoice(trigger: () => HTMLElement | null | undefined) {
  const choice = useClosedOnChoice(trigger);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  return {
    triggerProps: choice.triggerProps,
    /** for the Menu */
    menuProps: { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(choice.mayOpen() ? keys : []) },
    /** to call from the Menu's onClick */
    choose: () => {
      choice.choose();
      setOpenKeys([]);
    },
  };
}
