import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubAppProps } from '@wb/contracts/subapp-protocol';

/*
 * The lifecycle's own rules against a stand-in of wujie's functions: wujie
 * itself needs a real browser (iframes, shadow DOM) and is exercised by the
 * e2e specs (e2e/micro-apps*.spec.ts). The bus has host-bus.test.ts.
 */
/** The app's sandbox window, as far as the binding reads it: its address, history and realm. */
const appWindow = vi.hoisted(() => ({
  location: { pathname: '/subapps/coredata/company', search: '', hash: '', href: 'http://shell.test/subapps/coredata/company' },
  history: { state: null, pushState: () => undefined, replaceState: () => undefined },
  addEventListener: () => undefined,
  Function: class {},
  Object: class {},
}));
const wujie = vi.hoisted(() => ({
  startApp: vi.fn(async (options: { beforeLoad?: (w: Window) => void; afterMount?: (w: Window) => void }) => {
    options.beforeLoad?.(appWindow as unknown as Window);
    options.afterMount?.(appWindow as unknown as Window);
    return () => undefined;
  }),
  preloadApp: vi.fn(),
  destroyApp: vi.fn(),
  bus: { $on: vi.fn(), $off: vi.fn(), $emit: vi.fn() },
}));
vi.mock('wujie', () => wujie);

const { startSubApp, releaseSubApp, destroySubApp, navigateSubApp } = await import('./wujie-host');
const { useMicroApps } = await import('./micro-apps-store');

const props = {} as SubAppProps;
const options = (el: HTMLElement) => ({
  name: 'coredata',
  entry: 'http://shell.test/subapps/coredata/',
  mode: 'history' as const,
  route: '/company',
  el,
  props,
  alive: true,
  fiber: true,
  timeoutMs: 1000,
});
// the entry's page, as the server answers it
vi.stubGlobal('fetch', async () => new Response('<div id="app"></div><script type="module" src="./assets/app.js"></script>', { headers: { 'content-type': 'text/html' } }));
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
    // waits for the destroy rather than a fixed delay, which a busy machine can outrun
    await vi.waitFor(() => expect(wujie.destroyApp).toHaveBeenCalledWith('coredata'));
    expect(useMicroApps.getState().status.coredata).toBeUndefined();
  });

  it('reports a start that fails', async () => {
    wujie.startApp.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await startSubApp(options(document.createElement('div')));
    expect(useMicroApps.getState().status.coredata).toEqual({ phase: 'failed', error: 'Failed to fetch' });
  });

  it('opens the app at its route, with the page of its entry and asset paths made absolute there', async () => {
    await startSubApp(options(document.createElement('div')));
    const call = wujie.startApp.mock.calls[0][0] as unknown as { url: string; html: string };
    expect(call.url).toBe('http://shell.test/subapps/coredata/company');
    expect(call.html).toContain('src="http://shell.test/subapps/coredata/assets/app.js"');
  });

  it('sends route-change to a mounted app only when the route differs', async () => {
    const coredata = vi.fn();
    const map = new Map([['coredata', { 'route-change': [coredata] }]]);
    (window as unknown as { __WUJIE_INJECT: unknown }).__WUJIE_INJECT = { appEventObjMap: map };
    await startSubApp(options(document.createElement('div')));
    navigateSubApp('coredata', '/company');
    expect(coredata).not.toHaveBeenCalled();
    navigateSubApp('coredata', '/city');
    expect(coredata).toHaveBeenCalledWith('/city');
  });
});
