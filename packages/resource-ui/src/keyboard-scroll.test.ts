// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keyboardScroll } from './keyboard-scroll';

/** A table's scrolling body of the given sizes (jsdom lays nothing out), with this inside it. */
function body(inner: string, size: { scrollWidth: number; clientWidth: number }): { box: HTMLElement; body: HTMLElement } {
  const box = document.createElement('div');
  box.innerHTML = `<div class="ant-table-body">${inner}</div>`;
  const el = box.querySelector<HTMLElement>('.ant-table-body')!;
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => size.scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => size.clientWidth });
  return { box, body: el };
}

describe('a table body scrolled from the keyboard', () => {
  it('becomes a named stop when it scrolls and holds nothing to tab to', () => {
    const { box, body: el } = body('<table><tbody><tr class="ant-table-measure-row"><td><input type="checkbox"></td></tr><tr><td>暂无数据</td></tr></tbody></table>', {
      scrollWidth: 900,
      clientWidth: 600,
    });
    keyboardScroll(box, '接口日志');
    expect(el.tabIndex).toBe(0);
    expect(el.getAttribute('role')).toBe('region');
    expect(el.getAttribute('aria-label')).toBe('接口日志');
  });

  it('is left alone when it fits, or when its rows hold a link or a checkbox', () => {
    const fits = body('<table></table>', { scrollWidth: 600, clientWidth: 600 });
    keyboardScroll(fits.box, 'x');
    expect(fits.body.hasAttribute('tabindex')).toBe(false);
    const links = body('<table><tbody><tr><td><a href="#">查看</a></td></tr></tbody></table>', { scrollWidth: 900, clientWidth: 600 });
    keyboardScroll(links.box, 'x');
    expect(links.body.hasAttribute('role')).toBe(false);
  });

  it('takes back what it set once the body no longer scrolls', () => {
    const size = { scrollWidth: 900, clientWidth: 600 };
    const { box, body: el } = body('<table></table>', size);
    keyboardScroll(box, '系统字典');
    expect(el.getAttribute('role')).toBe('region');
    size.scrollWidth = 600;
    keyboardScroll(box, '系统字典');
    expect(['tabindex', 'role', 'aria-label'].some((name) => el.hasAttribute(name))).toBe(false);
  });
});
