import { describe, expect, it } from 'vitest';
import { appsToFree, appsWithTabs } from './tab-apps';
import { descriptor } from './test-descriptor';

const d = (serviceName: string, prefix: string, defaultPath: string) => descriptor(serviceName, prefix, defaultPath, `/subapps/${serviceName}/`);

const registry = [d('coredata', '/coredata', '/'), d('publish', '/publish', 'projectInfo'), d('guide', '/publish', 'releaseGuide'), d('react17', '/react17', 'orders/list/today')];
const menus: Record<string, string> = { '/publish/releaseGuide': 'guide' };
const serviceNameOf = (path: string) => menus[path];
const tab = (value: string) => ({ value });

describe('the apps of the open tabs', () => {
  it('names the app of each tab of a sub-app, the menu deciding a shared prefix, and no app for the shell’s pages', () => {
    const tabs = [tab('/wel/index'), tab('/system/param'), tab('/coredata'), tab('/coredata/company'), tab('/publish/releaseGuide'), tab('/react17')];
    expect(appsWithTabs(tabs, registry, serviceNameOf)).toEqual(new Set(['coredata', 'guide', 'react17']));
  });

  it('frees an app once its last tab is closed, not while another of its tabs is open', () => {
    const before = appsWithTabs([tab('/coredata'), tab('/coredata/company'), tab('/react17')], registry, serviceNameOf);
    const oneClosed = appsToFree(before, appsWithTabs([tab('/coredata'), tab('/react17')], registry, serviceNameOf), 'react17');
    expect(oneClosed.free).toEqual([]);
    const bothClosed = appsToFree(oneClosed.tabbed, appsWithTabs([tab('/react17')], registry, serviceNameOf), 'react17');
    expect(bothClosed).toEqual({ free: ['coredata'], tabbed: new Set(['react17']) });
  });

  it('keeps the app on screen while its closed tab is being left, and frees it once another page shows', () => {
    const closing = appsToFree(new Set(['coredata', 'react17']), new Set(['coredata']), 'react17');
    expect(closing).toEqual({ free: [], tabbed: new Set(['coredata', 'react17']) });
    const left = appsToFree(closing.tabbed, new Set(['coredata']), 'coredata');
    expect(left).toEqual({ free: ['react17'], tabbed: new Set(['coredata']) });
  });

  it('leaves an app that never had a tab (a preloaded one) to the keep-alive limit', () => {
    expect(appsToFree(new Set(['coredata']), new Set(['coredata']), undefined).free).toEqual([]);
    expect(appsToFree(new Set(), new Set(), 'react17').free).toEqual([]);
  });
});
