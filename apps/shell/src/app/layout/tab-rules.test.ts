import { describe, expect, it } from 'vitest';
import type { Tab } from '../../shared/session-store';
import { closeAllTabs, closeOtherTabs, closeSideTabs, closeTab, HOME_TAB, openTab, tabKey, withHome } from './tab-rules';

const tab = (value: string, label = value): Tab => ({ label, value, query: '', closable: true });
const keys = (tabs: Tab[]) => tabs.map(tabKey);

describe('tab rules', () => {
  it('keeps the workbench tab first, not closable, labelled 工作台', () => {
    expect(withHome([tab('/a')])[0]).toEqual(HOME_TAB);
    expect(HOME_TAB).toMatchObject({ value: '/wel/index', label: '工作台', closable: false });
    expect(withHome([HOME_TAB, tab('/a'), HOME_TAB])).toHaveLength(2);
  });

  it('opens a tab once and relabels it when opened again', () => {
    let tabs = openTab([], tab('/system/param', '参数管理'));
    tabs = openTab(tabs, tab('/system/param', 'Parameters'));
    expect(keys(tabs)).toEqual(['/wel/index', '/system/param']);
    expect(tabs[1].label).toBe('Parameters');
    expect(openTab(tabs, HOME_TAB)).toHaveLength(2);
  });

  it('tells tabs of the same path apart by query (embedded pages)', () => {
    const a = { ...tab('/myiframe/urlPath'), query: '?src=a' };
    const b = { ...tab('/myiframe/urlPath'), query: '?src=b' };
    expect(openTab(openTab([], a), b)).toHaveLength(3);
  });

  it('cannot close the only tab', () => {
    const only = [{ ...tab('/a') }];
    expect(closeTab(only, '/a', '/a')).toEqual({ tabs: only });
  });

  it('cannot close the workbench tab', () => {
    const tabs = withHome([tab('/a')]);
    expect(closeTab(tabs, '/wel/index', '/wel/index').tabs).toBe(tabs);
  });

  it('closing the active tab opens the previous one', () => {
    const tabs = withHome([tab('/a'), tab('/b'), tab('/c')]);
    const result = closeTab(tabs, '/b', '/b');
    expect(keys(result.tabs)).toEqual(['/wel/index', '/a', '/c']);
    expect(result.next?.value).toBe('/a');
  });

  it('closing the active tab right after the workbench opens the workbench', () => {
    const result = closeTab(withHome([tab('/a'), tab('/b')]), '/a', '/a');
    expect(result.next?.value).toBe('/wel/index');
  });

  it('closing an inactive tab stays where it is', () => {
    const result = closeTab(withHome([tab('/a'), tab('/b')]), '/a', '/b');
    expect(keys(result.tabs)).toEqual(['/wel/index', '/b']);
    expect(result.next).toBeUndefined();
  });

  it('close others keeps the workbench and the given tab', () => {
    expect(keys(closeOtherTabs(withHome([tab('/a'), tab('/b'), tab('/c')]), '/b'))).toEqual(['/wel/index', '/b']);
  });

  it('close all keeps only the workbench', () => {
    expect(keys(closeAllTabs(withHome([tab('/a'), tab('/b')])))).toEqual(['/wel/index']);
  });

  it('closes the tabs left or right of one, keeping the workbench, and says where to go when the active one closed', () => {
    const tabs = withHome([tab('/a'), tab('/b'), tab('/c')]);
    expect(keys(closeSideTabs(tabs, '/b', 'left', '/c').tabs)).toEqual(['/wel/index', '/b', '/c']);
    expect(closeSideTabs(tabs, '/b', 'left', '/c').next).toBeUndefined();
    const right = closeSideTabs(tabs, '/b', 'right', '/c');
    expect(keys(right.tabs)).toEqual(['/wel/index', '/a', '/b']);
    expect(right.next && tabKey(right.next)).toBe('/b');
  });
});
