import { cloneElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Popover, type PopoverProps } from 'antd';
import { firstFocusable, focusFirstOnceShown, focusables, opensMenu } from './menu-keys';

type TriggerProps = { onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void; onKeyUp?: (event: KeyboardEvent<HTMLElement>) => void };

export interface PopoverButtonProps {
  content: ReactNode;
  /** a focusable element (a Button) */
  children: ReactElement<TriggerProps>;
  placement?: PopoverProps['placement'];
  /** controlled, when its content closes it (a notice chosen) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A click-opened antd Popover operable from the keyboard: Enter, Space or ↓ on the button open it
 * with focus on its first control (once its content has loaded), Escape closes it back to the
 * button, focus leaving it closes it. The popover is rendered at the end of the document, so
 * without this Tab would never reach it.
 */
export function PopoverButton({ content, children, placement = 'bottomRight', open: controlled, onOpenChange }: PopoverButtonProps) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const [byKeyboard, setByKeyboard] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  const popupClass = `wb-popover-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const popup = () => document.querySelector<HTMLElement>(`.${popupClass}`);

  const change = (next: boolean) => {
    if (!next && popup()?.contains(document.activeElement)) triggerRef.current?.focus({ preventScroll: true });
    setOwn(next);
    onOpenChange?.(next);
    if (!next) setByKeyboard(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    children.props.onKeyDown?.(event);
    if (event.defaultPrevented || !opensMenu(event, 'button') || event.key === 'ArrowUp') return;
    event.preventDefault();
    if (open) firstFocusable(popup())?.focus();
    else {
      setByKeyboard(true);
      change(true);
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    children.props.onKeyUp?.(event);
    if (event.key === ' ') event.preventDefault();
  };

  // Opened from the keyboard: focus goes to the first control as soon as there is one.
  useEffect(() => {
    if (open && byKeyboard) return focusFirstOnceShown(popup, () => triggerRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- popup() reads the class, fixed for the component's life
  }, [open, byKeyboard]);

  // Closed by its content (an item chosen) while focus was in it: back to the button.
  useEffect(() => {
    if (!open && popup()?.contains(document.activeElement)) triggerRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- popup() reads the class, fixed for the component's life
  }, [open]);

  // While open: Escape closes it back to the button; Tab past its last control (Shift+Tab before its
  // first) closes it too, going on from the button, as rc-dropdown does for menus.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const box = popup();
      const active = document.activeElement;
      if (event.key === 'Escape' && (box?.contains(active) || triggerRef.current === active)) {
        change(false);
        triggerRef.current?.focus({ preventScroll: true });
      } else if (event.key === 'Tab' && box?.contains(active)) {
        const all = focusables(box);
        if (event.shiftKey ? active === all[0] : active === all[all.length - 1]) {
          if (event.shiftKey) event.preventDefault();
          change(false);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- change and popup() are the same for the effect's purpose
  }, [open]);

  return (
    <Popover trigger="click" placement={placement} open={open} onOpenChange={change} content={content} rootClassName={popupClass}>
      {cloneElement(children, { ref: triggerRef, onKeyDown, onKeyUp, 'aria-haspopup': 'dialog', 'aria-expanded': open } as TriggerProps)}
    </Popover>
  );
}
