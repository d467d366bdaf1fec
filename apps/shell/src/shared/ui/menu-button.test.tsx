import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { MenuButton } from './menu-button';
import { PopoverButton } from './popover-button';
import { pretendLayout } from './visible-in-tests';

const items = [
  { key: 'name', label: '管理员', disabled: true },
  { key: 'info', label: '个人信息' },
  { key: 'lock', label: '锁屏' },
];
const openItems = () => screen.queryAllByRole('menuitem').filter((item) => !item.closest('.ant-dropdown-hidden'));

/** A menu button over a 'User' button; returns that button, focused. */
function renderUserMenu(menu: Parameters<typeof MenuButton>[0]['menu'] = { items }): HTMLElement {
  render(
    <MenuButton menu={menu}>
      <Button>User</Button>
    </MenuButton>,
  );
  const button = screen.getByRole('button', { name: 'User' });
  button.focus();
  return button;
}

/** A context menu round a focusable tab; returns the tab, focused. */
function renderTabContextMenu(): HTMLElement {
  render(
    <MenuButton kind="contextMenu" menu={{ items }}>
      <div>
        <div role="tab" tabIndex={0}>
          用户管理
        </div>
      </div>
    </MenuButton>,
  );
  const tab = screen.getByRole('tab');
  tab.focus();
  return tab;
}

let undo: () => void;
beforeEach(() => {
  undo = pretendLayout();
});
afterEach(() => {
  cleanup();
  undo();
});

describe('MenuButton', () => {
  it('opens with Enter, Space, ↓ on its button, says so, and gives its first enabled item focus', async () => {
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      const button = renderUserMenu();
      expect(button.getAttribute('aria-haspopup')).toBe('menu');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      fireEvent.keyDown(button, { key });
      await waitFor(() => expect(openItems().map((item) => item.textContent)).toEqual(['管理员', '个人信息', '锁屏']));
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await waitFor(() => expect(document.activeElement?.textContent).toBe('个人信息'));
      cleanup();
    }
  });

  it('gives focus back to its button before the chosen item acts', async () => {
    let focusedWhenActing: Element | null = null;
    const onClick = vi.fn(() => (focusedWhenActing = document.activeElement));
    const button = renderUserMenu({ items, onClick });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await waitFor(() => expect(openItems()).toHaveLength(3));
    fireEvent.click(screen.getByText('锁屏'));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'lock' }));
    expect(focusedWhenActing).toBe(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it('opened by hovering, stays closed after a choice made within the 0.15 s it waits to open, until the pointer is back on its button', async () => {
    const button = renderUserMenu();
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(openItems()).toHaveLength(3));
    fireEvent.mouseLeave(button);
    fireEvent.mouseEnter(screen.getByText('锁屏').closest('.ant-dropdown')!);
    fireEvent.click(screen.getByText('锁屏'));
    await waitFor(() => expect(openItems()).toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(openItems()).toHaveLength(0);

    fireEvent.mouseEnter(button);
    await waitFor(() => expect(openItems()).toHaveLength(3));
  });

  it('closes on Escape, back on its button', async () => {
    const button = renderUserMenu();
    fireEvent.keyDown(button, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('个人信息'));
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('as a context menu opens with Shift+F10 or the ContextMenu key on the focused element inside, not with Enter', async () => {
    const tab = renderTabContextMenu();
    fireEvent.keyDown(tab, { key: 'Enter' });
    expect(openItems()).toHaveLength(0);
    fireEvent.keyDown(tab, { key: 'F10', shiftKey: true });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('个人信息'));
    // the item chosen: focus goes back to the tab, not to the (unfocusable) element around it
    fireEvent.click(screen.getByText('锁屏'));
    expect(document.activeElement).toBe(tab);
    cleanup();

    const again = renderTabContextMenu();
    fireEvent.keyDown(again, { key: 'ContextMenu' });
    await waitFor(() => expect(openItems()).toHaveLength(3));
  });

  it('opened by a right click, gives focus to the focusable thing inside its trigger when an item is chosen', async () => {
    render(
      <>
        <button type="button">elsewhere</button>
        <MenuButton kind="contextMenu" menu={{ items }}>
          <div data-testid="frame">
            <div role="tab" tabIndex={-1}>
              用户管理
            </div>
          </div>
        </MenuButton>
      </>,
    );
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    fireEvent.contextMenu(screen.getByTestId('frame'));
    await waitFor(() => expect(openItems()).toHaveLength(3));
    fireEvent.click(screen.getByText('锁屏'));
    expect(document.activeElement).toBe(screen.getByRole('tab'));
  });
});

describe('PopoverButton', () => {
  it('opens with Enter with focus on its first control; Escape closes it back on the button', async () => {
    render(
      <PopoverButton content={<button type="button">默认主题</button>}>
        <Button>Theme</Button>
      </PopoverButton>,
    );
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('默认主题'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('closes when Tab leaves its last control, and when its content closes it, focus back on the button', async () => {
    const Controlled = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => (
      <PopoverButton
        open={open}
        onOpenChange={onOpenChange}
        content={
          <button type="button" onClick={() => onOpenChange(false)}>
            公告
          </button>
        }
      >
        <Button>Notices</Button>
      </PopoverButton>
    );
    let open = false;
    const onOpenChange = vi.fn((next: boolean) => {
      open = next;
      view.rerender(<Controlled open={open} onOpenChange={onOpenChange} />);
    });
    const view = render(<Controlled open={open} onOpenChange={onOpenChange} />);
    const button = screen.getByRole('button', { name: 'Notices' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('公告'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    await waitFor(() => expect(onOpenChange).toHaveBeenLastCalledWith(false));
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('公告'));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
