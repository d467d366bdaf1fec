import { describe, expect, it } from 'vitest';
import { tablistOnTabs } from './tablist-role';

/** rc-tabs' bar as it renders it (TabNavList): the tablist role on the whole bar, extra content in it. */
function bar(): HTMLElement {
  const root = document.createElement('div');
  root.className = 'ant-tabs';
  root.innerHTML = `
    <div role="tablist" aria-orientation="horizontal" class="ant-tabs-nav">
      <div class="ant-tabs-nav-wrap">
        <div class="ant-tabs-nav-list">
          <div class="ant-tabs-tab"><div role="tab" aria-selected="true" class="ant-tabs-tab-btn">首页</div></div>
          <div class="ant-tabs-tab"><div role="tab" aria-selected="false" class="ant-tabs-tab-btn">用户管理</div><button role="tab" aria-label="关闭标签" class="ant-tabs-tab-remove">×</button></div>
          <div class="ant-tabs-ink-bar"></div>
        </div>
      </div>
      <div class="ant-tabs-nav-operations"><button class="ant-tabs-nav-more">…</button></div>
      <div class="ant-tabs-extra-content"><nav><a href="/">首页</a></nav><button aria-label="标签操作"></button></div>
    </div>`;
  return root;
}

describe('the tab bar as a tablist', () => {
  it('puts the role on the list of tabs: the extra content and the overflow button are outside it', () => {
    const root = bar();
    tablistOnTabs(root);
    const tablist = root.querySelectorAll('[role="tablist"]');
    expect(tablist).toHaveLength(1);
    expect(tablist[0].className).toBe('ant-tabs-nav-list');
    expect(tablist[0].getAttribute('aria-orientation')).toBe('horizontal');
    expect(root.querySelector('.ant-tabs-nav')?.hasAttribute('aria-orientation')).toBe(false);
    // inside the tablist: tabs, and the elements that only hold them
    const owned = [...tablist[0].querySelectorAll('*')].filter((el) => el.matches('button, a, [role]'));
    expect(owned.every((el) => el.getAttribute('role') === 'tab')).toBe(true);
    expect(tablist[0].querySelectorAll('[role="tab"][aria-selected]')).toHaveLength(2);
  });

  it('changes nothing when run again, or on a bar not yet drawn', () => {
    const root = bar();
    tablistOnTabs(root);
    const once = root.innerHTML;
    tablistOnTabs(root);
    expect(root.innerHTML).toBe(once);
    expect(() => tablistOnTabs(null)).not.toThrow();
    expect(() => tablistOnTabs(document.createElement('div'))).not.toThrow();
  });
});
