import { describe, expect, it } from 'vitest';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { buildSearchIndex, normalizeQuery, searchMenus } from './menu-search';
import { pinyinKeys } from './pinyin-keys';

const node = (over: Partial<MenuNode>): MenuNode =>
  ({ id: over.path ?? 'x', parentId: '0', name: '', path: '', category: 1, isOpen: 1, isBlank: false, query: '', meta: {}, children: [], serviceName: '', ...over }) as MenuNode;
const top = (id: string, name: string): TopMenu => ({ id, tenantId: '000000', code: id, name, source: '', path: '', sort: 1, serviceName: '' });

const topMenus = [top('t-sys', '系统管理'), top('t-work', '运营工作台')];
const routesByTop = {
  't-sys': [
    node({
      id: 'sys',
      code: 'sys',
      name: '系统管理',
      path: '/system',
      children: [
        node({ id: 'param', code: 'param', name: '参数管理', path: '/system/param', children: [node({ id: 'param_add', name: '新增', category: 2 })] }),
        node({ id: 'user', name: '用户管理', path: '/system/user' }),
        node({ id: 'sysadmin', name: '系统管理员', path: '/system/admins' }),
        node({ id: 'en', name: 'Operation Log', path: '/system/oplog' }),
      ],
    }),
  ],
  't-work': [
    node({
      id: 'work',
      name: '运营工作台',
      path: '/work',
      children: [node({ id: 'w1', name: '系统设置', path: '/work/settings' }), node({ id: 'dup', name: '参数管理', path: '/system/param' })],
    }),
  ],
};

describe('menu search', () => {
  const withPinyin = buildSearchIndex(topMenus, routesByTop, pinyinKeys);
  const names = (q: string) => searchMenus(withPinyin, q).map((e) => e.name);

  it('matches names by case-insensitive prefix', () => {
    expect(names('参数')).toEqual(['参数管理']);
    expect(names('operation')).toEqual(['Operation Log']);
    expect(names('LOG')).toEqual(['Operation Log']);
    expect(names('管理')).toEqual([]);
    expect(names('运营')).toEqual(['运营工作台']);
  });

  it('matches pinyin initials and full pinyin of Chinese names', () => {
    expect(names('xtgl')).toEqual(['系统管理', '系统管理员']);
    expect(names('xt')).toEqual(['系统管理', '系统管理员', '系统设置']);
    expect(names('xitongshe')).toEqual(['系统设置']);
    expect(names('CSGL')).toEqual(['参数管理']);
    expect(names('yh gl')).toEqual(['用户管理']);
  });

  it('lists top menus and menus, never buttons, each path once, with their trail', () => {
    const all = buildSearchIndex(topMenus, routesByTop);
    expect(all.map((e) => e.name)).toEqual(['系统管理', '参数管理', '用户管理', '系统管理员', 'Operation Log', '运营工作台', '系统设置']);
    expect(all[0]).toMatchObject({ kind: 'top', topId: 't-sys' });
    expect(all[1]).toMatchObject({ kind: 'menu', topId: 't-sys', trail: ['系统管理'] });
    expect(all[6]).toMatchObject({ topId: 't-work', trail: ['运营工作台'] });
  });

  it('works without pinyin until it is loaded', () => {
    const plain = buildSearchIndex(topMenus, routesByTop);
    expect(searchMenus(plain, 'xtgl')).toEqual([]);
    expect(searchMenus(plain, '系统').map((e) => e.name)).toEqual(['系统管理', '系统管理员', '系统设置']);
    expect(searchMenus(plain, '  ')).toEqual([]);
    expect(normalizeQuery(' X T ')).toBe('xt');
  });

  it('puts name matches before pinyin matches and caps the list', () => {
    const index = buildSearchIndex([top('t', 'T')], { t: [node({ id: 'a', name: '小区', path: '/a' }), node({ id: 'b', name: 'xq report', path: '/b' })] }, pinyinKeys);
    expect(searchMenus(index, 'xq').map((e) => e.name)).toEqual(['xq report', '小区']);
    expect(searchMenus(withPinyin, 'x', 1)).toHaveLength(1);
  });

  it('shows translated names and finds an entry by the translated or the server name', () => {
    const english: Record<string, string> = { param: 'Parameters', sys: 'System management', 't-sys': 'System' };
    const index = buildSearchIndex(topMenus, routesByTop, undefined, (code, name) => (code && english[code]) || name);
    const found = (q: string) => searchMenus(index, q).map((e) => [e.name, e.trail.join(' / ')]);
    expect(found('param')).toEqual([['Parameters', 'System management']]);
    expect(found('参数')).toEqual([['Parameters', 'System management']]);
    // the root branch named like its top menu is the top menu's entry
    expect(found('system')).toEqual([['System', '']]);
  });
});
