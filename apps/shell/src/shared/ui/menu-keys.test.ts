import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canTakeFocus, firstFocusable, focusables, opensMenu } from './menu-keys';
import { pretendLayout } from './visible-in-tests';

const key = (value: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: value,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('opensMenu', () => {
  it('opens a menu button with Enter, Space, ↓ and ↑, and nothing else', () => {
    for (const k of ['Enter', ' ', 'ArrowDown', 'ArrowUp']) expect(opensMenu(key(k), 'button')).toBe(true);
    for (const k of ['Tab', 'Escape', 'ArrowLeft', 'a', 'ContextMenu', 'F10']) expect(opensMenu(key(k), 'button')).toBe(false);
    // with a modifier it is someone else's shortcut
    expect(opensMenu(key('Enter', { ctrlKey: true }), 'button')).toBe(false);
    expect(opensMenu(key('ArrowDown', { altKey: true }), 'button')).toBe(false);
    expect(opensMenu(key('Enter', { shiftKey: true }), 'button')).toBe(false);
  });

  it('opens a context menu with the ContextMenu key and Shift+F10, not with Enter or F10 alone', () => {
    expect(opensMenu(key('ContextMenu'), 'contextMenu')).toBe(true);
    expect(opensMenu(key('F10', { shiftKey: true }), 'contextMenu')).toBe(true);
    expect(opensMenu(key('F10'), 'contextMenu')).toBe(false);
    expect(opensMenu(key('Enter'), 'contextMenu')).toBe(false);
    expect(opensMenu(key(' '), 'contextMenu')).toBe(false);
    expect(opensMenu(key('F10', { shiftKey: true, ctrlKey: true }), 'contextMenu')).toBe(false);
  });
});

describe('focusables', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = pretendLayout();
  });
  afterEach(() => {
    undo();
    document.body.innerHTML = '';
  });

  it("lists a menu's enabled items and a panel's controls in document order, nothing hidden or disabled", () => {
    document.body.innerHTML = `
      <div id="popup">
        <li role="menuitem" aria-disabled="true" tabindex="-1">管理员</li>
        <li role="menuitem" tabindex="-1">个人信息</li>
        <button disabled>off</button>
        <div style="display: none"><button>hidden</button></div>
        <div aria-hidden="true"><button>aria-hidden</button></div>
        <button>主题</button>
        <span tabindex="-1">not in the tab order</span>
        <div tabindex="0">panel</div>
      </div>`;
    const popup = document.getElementById('popup');
    expect(focusables(popup).map((element) => element.textContent)).toEqual(['个人信息', '主题', 'panel']);
    expect(firstFocusable(popup)?.textContent).toBe('个人信息');
    expect(firstFocusable(null)).toBeNull();
  });

  it('takes focus back only where an element still is: attached, shown, enabled', () => {
    document.body.innerHTML = '<button id="a">a</button><button id="b" disabled>b</button><div hidden><button id="c">c</button></div>';
    const a = document.getElementById('a')!;
    expect(canTakeFocus(a)).toBe(true);
    expect(canTakeFocus(document.getElementById('b'))).toBe(false);
    expect(canTakeFocus(document.getElementById('c'))).toBe(false);
    a.remove();
    expect(canTakeFocus(a)).toBe(false);
    expect(canTakeFocus(null)).toBe(false);
  });
});
