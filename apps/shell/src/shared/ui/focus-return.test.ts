import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFocus, returnTarget } from './focus-return';
import { pretendLayout } from './visible-in-tests';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const byId = (id: string) => document.getElementById(id) as HTMLElement;
/** Focuses the elements in turn, as the user moved through them. */
const focusInTurn = (...ids: string[]) => ids.forEach((id) => byId(id).focus());
/** After the focusout's handling: focus is on `id` (or on the body). */
async function expectFocusOn(id: string | null): Promise<void> {
  await tick();
  expect(document.activeElement).toBe(id ? byId(id) : document.body);
}

/** What the browser does when the focused element goes away with `container` (Chromium fires focusout, relatedTarget null). */
function takeAway(container: HTMLElement, how: 'remove' | 'hide') {
  const focused = document.activeElement as HTMLElement;
  focused.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
  if (how === 'remove') container.remove();
  else container.style.display = 'none';
  if (document.activeElement === focused) focused.blur();
}

describe('returnTarget', () => {
  it('is the newest remembered element still usable', () => {
    expect(returnTarget(['opener', 'item', 'dialog'], (e) => e !== 'dialog' && e !== 'item')).toBe('opener');
    expect(returnTarget(['a', 'b'], () => true)).toBe('b');
    expect(returnTarget(['a'], () => false)).toBeUndefined();
    expect(returnTarget([], () => true)).toBeUndefined();
  });
});

describe('keepFocus', () => {
  let undoLayout: () => void;
  let stop: () => void;
  beforeEach(() => {
    undoLayout = pretendLayout();
    stop = keepFocus();
    document.body.innerHTML = `
      <button id="trigger">管理员</button>
      <ul id="menu"><li id="item" tabindex="-1">修改密码</li></ul>
      <div id="dialog"><input id="field" /><button id="cancel">取消</button></div>`;
  });
  afterEach(() => {
    stop();
    undoLayout();
    document.body.innerHTML = '';
  });

  it("gives focus back to the dialog's opener when the dialog is unmounted", async () => {
    focusInTurn('trigger', 'field', 'cancel');
    takeAway(byId('dialog'), 'remove');
    await expectFocusOn('trigger');
  });

  it("goes past a dropdown's hidden item to its trigger", async () => {
    focusInTurn('trigger', 'item', 'cancel');
    byId('menu').style.display = 'none';
    takeAway(byId('dialog'), 'remove');
    await expectFocusOn('trigger');
  });

  it('also when what had focus is hidden rather than removed', async () => {
    focusInTurn('trigger', 'item');
    takeAway(byId('menu'), 'hide');
    await expectFocusOn('trigger');
  });

  it('leaves focus alone when the user clicked on nothing (the element is still there) or focus went elsewhere', async () => {
    focusInTurn('trigger', 'field');
    byId('field').blur();
    await expectFocusOn(null);

    byId('field').focus();
    byId('field').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    byId('cancel').focus();
    await expectFocusOn('cancel');
  });

  it('stops when told to', async () => {
    focusInTurn('trigger', 'cancel');
    stop();
    takeAway(byId('dialog'), 'remove');
    await expectFocusOn(null);
  });
});
