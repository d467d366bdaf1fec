import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@wb/contracts/menu';
import { menuTrail } from './breadcrumb-trail';

const menu = (over: Partial<MenuNode>) => ({ id: '1', name: '', path: '', category: 1, meta: {}, ...over }) as MenuNode;
const button = (id: string) => menu({ id, name: '新增', category: 2 });

const user = menu({ id: 'user', name: '用户管理', path: '/system/user', children: [button('user_add')] });
const system = menu({ id: 'system', name: '系统管理', path: '/system', children: [user] });
const start = menu({ id: 'start', name: '主数据首页', path: '/coredata' });
const company = menu({ id: 'company', name: '公司管理', path: '/coredata/company' });
const coredata = menu({ id: 'home', name: '主数据', path: '/coredata', children: [start, company] });

describe('the breadcrumb’s trail', () => {
  it('names the groups above a page, not its buttons', () => {
    expect(menuTrail(user, [system])).toEqual({ groups: [system], page: user });
  });

  it('shows the page, not its group, where both have the same path (a sub-app’s start page)', () => {
    expect(menuTrail(coredata, [coredata])).toEqual({ groups: [coredata], page: start });
    expect(menuTrail(company, [coredata])).toEqual({ groups: [coredata], page: company });
  });

  it('has nothing to say of a menu outside the side menu', () => {
    expect(menuTrail(company, [system])).toBeUndefined();
  });
});
