import { cloneElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { Dropdown, type DropdownProps, type MenuProps } from 'antd';
import { useClosedOnChoice } from './closed-on-choice';
import { canTakeFocus, firstFocusable, focusFirstOnceShown, opensMenu, type MenuKind } from './menu-keys';

/** What in a trigger takes focus: the trigger itself, else the first focusable thing in it (a tab in a tab's frame). */
const FOCUS_TARGET = 'button, a[href], input, select, textarea, [tabindex]';

type TriggerProps = { onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void; onKeyUp?: (event: KeyboardEvent<HTMLElement>) => void };

export interface MenuButtonProps {
  menu: MenuProps;
  /**
   * What opens it: a focusable element (a Button); for a context menu, the element around the
   * focusable one (a tab).
   */
  children: ReactElement<TriggerProps>;
  /** 'contextMenu': opened by a right click, the ContextMenu key or Shift+F10 */
  kind?: MenuKind;
  /** how the mouse opens it; hover by default, the context menu by a right click */
  trigger?: DropdownProps['trigger'];
  placement?: DropdownProps['placement'];
}

/**
 * antd's Dropdown, operable from the keyboard as a WAI-ARIA menu button: Enter, Space, ↓ or ↑ on
 * the trigger open it with its first item focused (a context menu: the ContextMenu key or
 * Shift+F10), the arrows go through the items and Enter chooses one (antd's menu), Escape closes
 * it back to the trigger, Tab leaves it. Choosing an item gives focus back to the trigger before
 * the item acts, so a dialog the item opens hands focus back there when it closes.
 */
export function MenuButton({ menu, children, kind = 'button', trigger, placement }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  /** what had focus when the keyboard opened it (inside a context menu's trigger: the tab) */
  const opener = useRef<HTMLElement | null>(null);
  const popupClass = `wb-menu-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const popup = () => document.querySelector<HTMLElement>(`.${popupClass}`);
  const choice = useClosedOnChoice(() => triggerRef.current);

  const returnFocus = () => {
    const trigger = triggerRef.current;
    const inner = trigger?.matches(FOCUS_TARGET) ? trigger : trigger?.querySelector<HTMLElement>(FOCUS_TARGET);
    const target = canTakeFocus(opener.current) ? opener.current : inner;
    target?.focus({ preventScroll: true });
  };
  const change = (next: boolean) => {
    if (next && !choice.mayOpen()) return;
    // opened by the mouse: focus goes back to the trigger, not to what the keyboard opened it from last time
    if (next) opener.current = null;
    if (!next && popup()?.contains(document.activeElement)) returnFocus();
    setOpen(next);
    if (!next) setByKeyboard(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    children.props.onKeyDown?.(event);
    if (event.defaultPrevented || !opensMenu(event, kind)) return;
    event.preventDefault();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (open) {
      // opened by the mouse already: into its items
      firstFocusable(popup())?.focus();
      return;
    }
    setByKeyboard(true);
    setOpen(true);
  };
  // Space on a button clicks on key up: the menu is open already
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    children.props.onKeyUp?.(event);
    if (event.key === ' ' && kind === 'button') event.preventDefault();
  };

  // Opened from the keyboard: its first item takes focus once it is drawn (antd's autoFocus tries only once).
  useEffect(() => {
    if (open && byKeyboard) return focusFirstOnceShown(popup, () => triggerRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- popup() reads the class, fixed for the component's life
  }, [open, byKeyboard]);

  // Opened from the keyboard, a hover menu does not close when the pointer goes elsewhere: a press outside closes it.
  useEffect(() => {
    if (!open || !byKeyboard) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (triggerRef.current?.contains(target) || popup()?.contains(target)) return;
      setOpen(false);
      setByKeyboard(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- popup() reads the class, fixed for the component's life
  }, [open, byKeyboard]);

  return (
    <Dropdown
      trigger={trigger ?? (kind === 'contextMenu' ? ['contextMenu'] : ['hover'])}
      placement={placement}
      open={open}
      onOpenChange={change}
      autoFocus={byKeyboard}
      overlayClassName={popupClass}
      // a fresh menu each time: the keyboard starts at its first item, not where it was last
      destroyOnHidden
      menu={{
        ...menu,
        onClick: (info) => {
          choice.choose();
          returnFocus();
          menu.onClick?.(info);
        },
      }}
    >
      {cloneElement(children, {
        ref: triggerRef,
        ...choice.triggerProps,
        onKeyDown,
        onKeyUp,
        ...(kind === 'button' ? { 'aria-haspopup': 'menu', 'aria-expanded': open } : {}),
      } as TriggerProps)}
    </Dropdown>
  );
}
