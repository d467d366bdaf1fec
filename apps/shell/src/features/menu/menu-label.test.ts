import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../shared/i18n/i18n';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import { menuLabel } from './menu-label';
import { menuNamesEn } from './menu-names-en';

describe('menu labels', () => {
  afterEach(() => setLanguage('zh'));

  it("shows the server's name in Chinese, even for a renamed seeded menu", () => {
    expect(menuLabel(i18n.t, 'param', '参数管理')).toBe('参数管理');
    expect(menuLabel(i18n.t, 'param', '系统参数')).toBe('系统参数');
  });

  it('shows the English name of a seeded menu in English, else the server name', async () => {
    await setLanguage('en');
    expect(menuLabel(i18n.t, 'param', '参数管理')).toBe('Parameters');
    expect(menuLabel(i18n.t, 'app_coredata', '主数据')).toBe('Master data');
    expect(menuLabel(i18n.t, 'coredata_start', '主数据首页')).toBe('Master data home');
    expect(menuLabel(i18n.t, 'tenant_made_menu', '租户自建')).toBe('租户自建');
    expect(menuLabel(i18n.t, undefined, '无编号')).toBe('无编号');
  });

  it('has an English name for the menu of every resource page (the seed names each by the resource)', () => {
    const missing = RESOURCES.filter((def) => def.page && !menuNamesEn[def.name]).map((def) => `${def.name} ${def.title.zh}`);
    expect(missing).toEqual([]);
  });
});
