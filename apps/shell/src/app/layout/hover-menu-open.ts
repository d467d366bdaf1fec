import { useRef, useState, type RefObject, type SyntheticEvent } from 'react';

/**
 * The open popups of a horizontal menu that opens on hover, closed for good when an item is chosen.
 *
 * rc-trigger opens a popup 0.1 s after the pointer enters it and does not cancel that when the menu
 * closes on a choice. With the pointer still on the popup (a slow frame, or the item under it
 * re-rendered) it opened again and, the pointer's leaving never reaching it, stayed open over the
 * page. So once an item is chosen nothing opens until the pointer or the keyboard is back on the
 * bar itself (its own DOM: the popups are portals, outside it).
 */
export function useHoverMenuOpen(bar: RefObject<HTMLElement | null>) {
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const chosen = useRef(false);
  const backOnBar = (event: SyntheticEvent) => {
    if (bar.current?.contains(event.target as Node)) chosen.current = false;
  };
  return {
    /** for the Menu */
    menu: { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(chosen.current ? [] : keys) },
    /** for the bar's element: capture, so the menu's own handlers see the bar already back */
    bar: { onMouseOverCapture: backOnBar, onKeyDownCapture: backOnBar },
    /** to call when an item is chosen */
    close: () => {
      chosen.current = true;
      setOpenKeys([]);
    },
  };
}
