import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@wb/contracts/menu';
import { describePage, tabOfAddress } from './current-page';

const menu = (over: Partial<MenuNode>) => ({ id: '1', name: '', path: '', category: 1, children: [], meta: {}, ...over }) as MenuNode;
const routes = {
  top: [
    menu({
      id: 'sys',
      name: '系统管理',
      path: '/system',
      children: [menu({ id: 'p', name: '参数管理', path: '/system/param' }), menu({ id: 'h', name: '隐藏页', path: '/system/hidden', meta: { isTab: false } })],
    }),
  ],
};

describe('current page → tab', () => {
  it('labels a menu page with the menu name', () => {
    expect(describePage('/system/param', '', routes)).toMatchObject({ isTab: true, tab: { label: '参数管理', value: '/system/param', closable: true } });
  });

  it("keeps a sub-app's own route in the tab of the deepest menu holding it", () => {
    const apps = {
      vue2: [menu({ id: 'v', name: '积分', path: '/vue2', children: [menu({ id: 'c', name: '积分设置', path: '/vue2/accumulated/manager/credits' })] })],
    };
    expect(describePage('/vue2/dialog', '?x=1', apps, '/vue2')?.tab).toMatchObject({ label: '积分', value: '/vue2', query: '', route: '/vue2/dialog?x=1' });
    expect(describePage('/vue2/accumulated/manager/credits/7', '', apps, '/vue2')?.tab).toMatchObject({
      value: '/vue2/accumulated/manager/credits',
      route: '/vue2/accumulated/manager/credits/7',
    });
    expect(describePage('/vue2/accumulated/manager/credits', '', apps, '/vue2')?.tab.route).toBeUndefined();
    expect(describePage('/vue2/dialog', '', apps)).toBeUndefined();
  });

  it("gives each of the flow's process pages under /work a tab of its own, no menu needed", () => {
    expect(describePage('/work/process/leave/form/Leave%3A1', '', routes)).toMatchObject({
      isTab: true,
      tab: { label: '请假申请', labelKey: 'menu.leaveForm', value: '/work/process/leave/form/Leave%3A1', closable: true },
    });
    expect(describePage('/work/process/leave/handle/1/2/3', '', routes)?.tab).toMatchObject({ label: '请假审批', value: '/work/process/leave/handle/1/2/3' });
    expect(describePage('/work/process/leave/detail/2/3', '', routes)?.tab).toMatchObject({ label: '请假详情', value: '/work/process/leave/detail/2/3' });
    expect(describePage('/work/process/leave/detail/2', '', routes)).toBeUndefined();
  });

  it('does not open a tab for meta.isTab === false', () => {
    expect(describePage('/system/hidden', '', routes)?.isTab).toBe(false);
  });

  it('gives the workbench its fixed tab and embedded pages their name', () => {
    expect(describePage('/wel/index', '', routes)?.tab).toMatchObject({ labelKey: 'menu.workbench', closable: false });
    expect(describePage('/myiframe/urlPath', '?src=https%3A%2F%2Fa.example.com&name=报表', routes)?.tab).toMatchObject({
      label: '报表',
      query: '?src=https%3A%2F%2Fa.example.com&name=报表',
    });
  });

  it('gives the personal info and error log pages their tabs', () => {
    expect(describePage('/info/index', '', routes)?.tab).toMatchObject({ label: '个人信息', labelKey: 'menu.personalInfo', value: '/info/index' });
    expect(describePage('/logs', '', routes)?.tab).toMatchObject({ labelKey: 'menu.errorLog' });
  });

  it('knows nothing about paths outside the menus', () => {
    expect(describePage('/nowhere', '', routes)).toBeUndefined();
  });
});

describe('the tab of an address', () => {
  const credits = { label: '首页', value: '/vue2/accumulated/manager/credits', query: '', closable: true };
  const param = { label: '参数管理', value: '/system/param', query: '', closable: true };
  const apps = { vue2: [menu({ id: 'v', name: '积分', path: '/vue2', children: [menu({ id: 'c', name: '首页', path: '/vue2/accumulated/manager/credits' })] })] };
  const page = (address: string) => describePage(address, '', apps, '/vue2');

  it("keeps a sub-app's own move in the tab it happened in, and finds that tab again by the address it was left at", () => {
    const moved = tabOfAddress(page('/vue2/dialog'), '/vue2/dialog', [credits, param], credits, true, '/vue2');
    expect(moved).toEqual({ ...credits, route: '/vue2/dialog' });
    expect(tabOfAddress(page('/vue2/dialog'), '/vue2/dialog', [moved!, param], param, false, '/vue2')).toBe(moved);
    // back at the tab's own page: no route to remember
    expect(tabOfAddress(page(credits.value), credits.value, [moved!], moved, true, '/vue2')?.route).toBeUndefined();
  });

  it('opens the menu page’s own tab for a move the user made (a menu, a link) or from another app', () => {
    expect(tabOfAddress(page('/vue2/dialog'), '/vue2/dialog', [credits, param], credits, false, '/vue2')).toMatchObject({ value: '/vue2', route: '/vue2/dialog' });
    expect(tabOfAddress(page('/vue2/dialog'), '/vue2/dialog', [credits, param], param, true, '/vue2')).toMatchObject({ value: '/vue2' });
  });
});
