import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubAppProps } from '@wb/contracts/subapp-protocol';

/*
 * The binding's own rules against a stand-in of wujie's four functions: wujie
 * itself needs a real browser (iframes, shadow DOM) and is exercised by the
 * e2e specs (e2e/micro-apps*.spec.ts).
 */
const wujie = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    startApp: vi.fn(async (options: { afterMount?: (w: Window) => void }) => {
      options.afterMount?.(window);
      return () => undefined;
    }),
    preloadApp: vi.fn(),
    destroyApp: vi.fn(),
    listeners,
    bus: {
      $on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
      $off: (event: string, fn: (...args: unknown[]) => void) => listeners.get(event)?.delete(fn),
      $emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args)),
    },
  };
});
vi.mock('wujie', () => wujie);

const { startSubApp, releaseSubApp, destroySubApp, onSubAppEvent, emitToSubApp, navigateSubApp } = await import('./wujie-host');
const { useMicroApps } = await import('./micro-apps-store');

const props = {} as SubAppProps;
const options = (el: HTMLElement) => ({ name: 'coredata', url: 'http://shell.test/subapps/coredata/company', route: '/company', el, props, alive: true, fiber: true, timeoutMs: 1000 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('wujie binding', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useMicroApps.setState({ status: {} });
  });
  afterEach(async () => {
    await destroySubApp('coredata');
  });

  it("survives StrictMode's mount, unmount, mount on one element: one start, no destroy", async () => {
    const el = document.createElement('div');
    void startSubApp(options(el));
    releaseSubApp('coredata', el);
    await startSubApp(options(el));
    await tick();
    expect(wujie.startApp).toHaveBeenCalledTimes(1);
    expect(wujie.destroyApp).not.toHaveBeenCalled();
    expect(useMicroApps.getState().status.coredata).toEqual({ phase: 'mounted' });
  });

  it('destroys an app a tick after its container is released for good', async () => {
    const el = document.createElement('div');
    await startSubApp(options(el));
    releaseSubApp('coredata', el);
    expect(wujie.destroyApp).not.toHaveBeenCalled();
    await tick();
    expect(wujie.destroyApp).toHaveBeenCalledWith('coredata');
    expect(useMicroApps.getState().status.coredata).toBeUndefined();
  });

  it('reports a start that fails', async () => {
    wujie.startApp.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await startSubApp(options(document.createElement('div')));
    expect(useMicroApps.getState().status.coredata).toEqual({ phase: 'failed', error: 'Failed to fetch' });
  });

  it('removes its bus listeners with the returned off', () => {
    const seen: unknown[] = [];
    const off = onSubAppEvent('export-state', (state) => seen.push(state));
    wujie.bus.$emit('export-state', 'processing');
    off();
    wujie.bus.$emit('export-state', 'success');
    expect(seen).toEqual(['processing']);
    expect(wujie.listeners.get('export-state')?.size).toBe(0);
  });

  it("sends route-change to one app's own listeners only, and only when the route differs", async () => {
    const map = new Map<string, Record<string, ((...args: unknown[]) => void)[]>>();
    const coredata = vi.fn();
    const other = vi.fn();
    map.set('coredata', { 'route-change': [coredata] });
    map.set('other', { 'route-change': [other] });
    (window as unknown as { __WUJIE_INJECT: unknown }).__WUJIE_INJECT = { appEventObjMap: map };
    emitToSubApp('coredata', 'route-change', '/vehicle');
    expect(coredata).toHaveBeenCalledWith('/vehicle');
    expect(other).not.toHaveBeenCalled();

    coredata.mockClear();
    await startSubApp(options(document.createElement('div')));
    navigateSubApp('coredata', '/company');
    expect(coredata).not.toHaveBeenCalled();
    navigateSubApp('coredata', '/city');
    expect(coredata).toHaveBeenCalledWith('/city');
  });
});
