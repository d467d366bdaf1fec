import { describe, expect, it } from 'vitest';
import { sidebarHidden } from './sidebar-rules';

const shown = { fullscreen: false, subAppHidden: false, hasSideMenu: true };

describe('sidebar hide rules', () => {
  it('shows the sidebar on ordinary menu pages', () => {
    expect(sidebarHidden({ ...shown, path: '/system/param' })).toBe(false);
    expect(sidebarHidden({ ...shown, path: '/work/attendance' })).toBe(false);
    expect(sidebarHidden({ ...shown, path: '/configuration' })).toBe(false);
  });

  it('hides it on the workbench, remote patrol, dispatch and the config sub-app', () => {
    expect(sidebarHidden({ ...shown, path: '/wel/index' })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/work/remotePatrol' })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/create-order/list' })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/config/baseCapability' })).toBe(true);
  });

  it('hides it for full screen, when a sub-app asks, and without a side menu', () => {
    expect(sidebarHidden({ ...shown, path: '/system/param', fullscreen: true })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/system/param', subAppHidden: true })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/system/param', hasSideMenu: false })).toBe(true);
  });

  it("hides it for the 'config' sub-app wherever the registry mounts it", () => {
    expect(sidebarHidden({ ...shown, path: '/settings/home', subApp: 'config' })).toBe(true);
    expect(sidebarHidden({ ...shown, path: '/coredata/company', subApp: 'coredata' })).toBe(false);
  });
});
