import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canTakeFocus, firstFocusable, focusFirstOnceShown, focusables, opensMenu } from './menu-keys';
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

  const frames = (n: number) =>
    new Promise<void>((resolve) => {
      const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
      step(n);
    });

  it('gives focus to the first item of a popup drawn late, and back to it when it lands on the trigger while open', async () => {
    document.body.innerHTML = '<button id="trigger">管理员</button><button id="elsewhere">搜索</button><div id="slot"></div>';
    const trigger = document.getElementById('trigger')!;
    const find = () => document.getElementById('popup');
    const drawn = () => (document.getElementById('slot')!.innerHTML = '<ul id="popup"><li role="menuitem" tabindex="-1">个人信息</li><li role="menuitem" tabindex="-1">锁屏</li></ul>');
    trigger.focus();
    const stop = focusFirstOnceShown(find, () => trigger);
    await frames(5);
    expect(document.activeElement).toBe(trigger);
    // drawn five frames late (antd's own autoFocus has tried by then)
    drawn();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('个人信息');
    // focus on another item is left there; thrown back on the trigger or the body, it returns
    (find()!.lastElementChild as HTMLElement).focus();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('锁屏');
    trigger.focus();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('个人信息');
    (document.activeElement as HTMLElement).blur();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('个人信息');
    // on the menu itself (where antd's autoFocus may leave it): to its first item
    find()!.setAttribute('role', 'menu');
    find()!.tabIndex = 0;
    (find()!.lastElementChild as HTMLElement).focus();
    find()!.focus();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('个人信息');
    // or to the item the arrows had reached, which antd marks active
    find()!.lastElementChild!.className = 'ant-dropdown-menu-item ant-dropdown-menu-item-active';
    find()!.focus();
    await frames(2);
    expect(document.activeElement?.textContent).toBe('锁屏');
    // focus the user moved elsewhere ends it
    document.getElementById('elsewhere')!.focus();
    await frames(2);
    expect(document.activeElement?.id).toBe('elsewhere');
    trigger.focus();
    await frames(2);
    expect(document.activeElement).toBe(trigger);
    stop();
  });

  it('stops when told to, and after its wait', async () => {
    document.body.innerHTML = '<button id="trigger">管理员</button><div id="slot"></div>';
    const trigger = document.getElementById('trigger')!;
    const find = () => document.getElementById('popup');
    trigger.focus();
    focusFirstOnceShown(find, () => trigger, 0);
    focusFirstOnceShown(find, () => trigger)();
    await frames(3);
    document.getElementById('slot')!.innerHTML = '<ul id="popup"><li role="menuitem" tabindex="-1">个人信息</li></ul>';
    await frames(3);
    expect(document.activeElement).toBe(trigger);
  });
});
