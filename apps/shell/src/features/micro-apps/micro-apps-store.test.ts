import { beforeEach, describe, expect, it } from 'vitest';
import { useShellUi } from '../../shared/shell-ui-store';
import { addPreloaded, closeFrame, openFrame, resetMicroApps, setActiveApp, touchAlive, useMicroApps, wish } from './micro-apps-store';

describe('micro-apps host state', () => {
  beforeEach(() => {
    resetMicroApps();
    useShellUi.getState().reset();
  });

  it("keeps each app's chrome wishes and gives a shell page its chrome back", () => {
    setActiveApp('coredata');
    wish({ sidebarHidden: true, projectFilterHidden: true });
    expect(useShellUi.getState()).toMatchObject({ sidebarHidden: true, projectFilterHidden: true });
    setActiveApp(undefined);
    expect(useShellUi.getState()).toMatchObject({ sidebarHidden: false, projectFilterHidden: false, fullscreen: false });
    setActiveApp('vue');
    expect(useShellUi.getState().sidebarHidden).toBe(false);
    setActiveApp('coredata');
    expect(useShellUi.getState()).toMatchObject({ sidebarHidden: true, projectFilterHidden: true });
  });

  it('starts a dashboard app full screen unless it asked otherwise', () => {
    setActiveApp('vaas', { fullscreen: true });
    expect(useShellUi.getState().fullscreen).toBe(true);
    wish({ fullscreen: false });
    setActiveApp(undefined);
    setActiveApp('vaas', { fullscreen: true });
    expect(useShellUi.getState().fullscreen).toBe(false);
  });

  it('evicts the least recently used kept-alive app with its container; preloads only take free places', () => {
    for (const name of ['a', 'b']) {
      touchAlive(name, 2);
      openFrame(name);
    }
    expect(addPreloaded('c', 2)).toBe(false);
    expect(touchAlive('c', 2)).toEqual(['a']);
    openFrame('c');
    expect(useMicroApps.getState().alive).toEqual(['c', 'b']);
    expect(Object.keys(useMicroApps.getState().frames).sort()).toEqual(['b', 'c']);
    closeFrame('b');
    expect(addPreloaded('d', 2)).toBe(true);
    expect(useMicroApps.getState().alive).toEqual(['c', 'd']);
  });
});
