import { describe, expect, it } from 'vitest';
import type { MenuNode, TopMenu } from '@wb/contracts/menu';
import { appAccess, mayOpenApp } from './app-access';

const node = (path: string, serviceName = '', children?: MenuNode[]): MenuNode =>
  ({ id: path, parentId: '0', code: path, name: path, path, category: 1, serviceName, meta: { serviceName }, children, hasChildren: !!children }) as unknown as MenuNode;
const top = (id: string, serviceName = ''): TopMenu => ({ id, tenantId: '000000', code: id, name: id, source: '', path: '/', sort: 1, serviceName });

describe('appAccess', () => {
  it('opens the apps the menus lead to, no other', () => {
    const access = appAccess([top('1'), top('2', 'coredata')], { '1': [node('/system', '', [node('/system/param')])], '2': [node('/coredata', 'coredata')] });
    expect(mayOpenApp(access, 'coredata')).toBe(true);
    expect(mayOpenApp(access, 'order-accumulation')).toBe(false);
  });

  it('opens every app for whoever has 子应用管理', () => {
    const access = appAccess([top('1')], { '1': [node('/system', '', [node('/system/subapp')])] });
    expect(mayOpenApp(access, 'order-accumulation')).toBe(true);
  });
});
