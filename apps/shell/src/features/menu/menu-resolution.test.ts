import { afterEach, describe, expect, it, vi } from 'vitest';
import { flattenButtonCodes, type MenuNode, type TopMenu } from '@wb/contracts/menu';
import {
  embeddableUrl,
  findMenuByPath,
  findTopMenuForPath,
  firstLeaf,
  effectivePath,
  iframeDecision,
  iframeLink,
  isShellOwnedPath,
  menuQueryString,
  menuTarget,
  retryLookup,
  serviceNameOf,
  subAppPrefixOf,
} from './menu-resolution';

const node = (over: Partial<MenuNode>): MenuNode =>
  ({ id: over.path ?? 'x', parentId: '0', name: '', path: '', category: 1, isOpen: 1, isBlank: false, query: '', meta: {}, children: [], serviceName: '', ...over }) as MenuNode;
const top = (over: Partial<TopMenu>): TopMenu => ({ id: '', tenantId: '000000', code: '', name: '', source: '', path: '', sort: 1, serviceName: '', ...over });

const systemRoutes = [
  node({
    id: 'sys',
    name: '系统管理',
    path: '/system',
    children: [
      node({ id: 'param', name: '参数管理', path: '/system/param', children: [node({ id: 'param_add', code: 'param_add', category: 2, path: '' })] }),
      node({ id: 'user', name: '用户管理', path: '/system/user' }),
      node({ id: 'report', name: '报表', path: 'https://report.example.com/a?b=1' }),
    ],
  }),
];
const workRoutes = [
  node({
    id: 'work',
    name: '运营工作台',
    path: '/work',
    serviceName: 'work',
    children: [node({ id: 'work_start', name: '首页', path: '/work/core/project', serviceName: 'work' })],
  }),
];
const topMenus = [
  top({ id: 't-sys', name: '系统管理', path: '/system' }),
  top({ id: 't-work', name: '运营工作台', path: '/work/core/project', serviceName: 'work' }),
  top({ id: 't-vaas', name: '视频感知', path: '/vaas/dashboards', serviceName: 'vaas' }),
];
const routesByTop = { 't-sys': systemRoutes, 't-work': workRoutes, 't-vaas': [] };

describe('path → top menu', () => {
  it('finds the top menu whose routes hold the exact path', () => {
    expect(findTopMenuForPath('/system/param', topMenus, routesByTop)).toBe('t-sys');
    expect(findTopMenuForPath('/system/param/', topMenus, routesByTop)).toBe('t-sys');
    expect(findTopMenuForPath('/work/core/project', topMenus, routesByTop)).toBe('t-work');
  });

  it('falls back to the deepest menu path a sub-page lies under', () => {
    expect(findTopMenuForPath('/system/param/detail/1', topMenus, routesByTop)).toBe('t-sys');
    expect(findTopMenuForPath('/work/some/inner/page', topMenus, routesByTop)).toBe('t-work');
  });

  it("then to the top menu of the path's sub-application", () => {
    expect(findTopMenuForPath('/vaas/dashboards/x', topMenus, routesByTop)).toBe('t-vaas');
  });

  it('finds nothing for a path in no menu', () => {
    expect(findTopMenuForPath('/nowhere', topMenus, routesByTop)).toBeUndefined();
    expect(findTopMenuForPath('/systemx', topMenus, routesByTop)).toBeUndefined();
  });

  it("keeps the flow's process pages under /work in the shell, not in the work sub-app", () => {
    expect(subAppPrefixOf('/work/process/leave/form/Leave%3A1%3Aabc')).toBeUndefined();
    expect(subAppPrefixOf('/work/process/leave/handle/1/2/3')).toBeUndefined();
    expect(subAppPrefixOf('/work/process/leave/detail/2/3/')).toBeUndefined();
    expect(isShellOwnedPath('/work/process/leave/detail/2/3')).toBe(true);
    // the prefix alone, and neighbours that only start alike, stay the sub-app's
    expect(subAppPrefixOf('/work/process')).toBe('/work');
    expect(subAppPrefixOf('/work/processes/x')).toBe('/work');
    expect(subAppPrefixOf('/work/core/project')).toBe('/work');
    expect(isShellOwnedPath('/work/core/project')).toBe(false);
  });

  it('does not mistake a path sharing a prefix for a sub-application', () => {
    expect(subAppPrefixOf('/work-affairs/todo')).toBeUndefined();
    expect(subAppPrefixOf('/work/core/project')).toBe('/work');
    expect(subAppPrefixOf('/coredata')).toBe('/coredata');
  });
});

describe('menu lookups', () => {
  it('finds a menu node by its exact path, never a button', () => {
    expect(findMenuByPath(systemRoutes, '/system/param')?.name).toBe('参数管理');
    expect(findMenuByPath(systemRoutes, '/system/nothing')).toBeUndefined();
  });

  it('opens the first leaf of a branch, skipping buttons', () => {
    expect(firstLeaf(systemRoutes)?.path).toBe('/system/param');
    expect(firstLeaf(workRoutes)?.path).toBe('/work/core/project');
    expect(firstLeaf([])).toBeUndefined();
  });

  it('skips leaves that do not open in the shell when asked to', () => {
    const links = [node({ path: '/links', children: [node({ path: 'sso:parking' }), node({ path: 'report:report' }), node({ path: 'https://report.example.com/manual' })] })];
    const inShell = (n: MenuNode) => menuTarget(n).kind === 'route';
    expect(firstLeaf(links)?.path).toBe('sso:parking');
    expect(firstLeaf(links, inShell)?.path).toBe('https://report.example.com/manual');
    expect(firstLeaf([node({ path: '/links', children: [node({ path: 'sso:parking' })] })], inShell)).toBeUndefined();
  });

  it("names the page's service from the menu, else the first path segment", () => {
    expect(serviceNameOf(node({ serviceName: 'us-system' }), '/system/user')).toBe('us-system');
    expect(serviceNameOf(node({ meta: { serviceName: 'desk' } }), '/desk/notice')).toBe('desk');
    expect(serviceNameOf(node({}), '/system/user')).toBe('system');
    expect(serviceNameOf(undefined, '/tool/code')).toBe('tool');
  });

  it('flattens the button tree to code → true', () => {
    const tree = [
      { id: '1', code: 'param', name: '', category: 1, children: [{ id: '2', code: 'param_add', name: '', category: 2, children: [] }] },
      { id: '3', code: '', name: 'x', category: 1, children: [] },
    ];
    expect(flattenButtonCodes(tree)).toEqual({ param: true, param_add: true });
    expect(flattenButtonCodes(null)).toEqual({});
  });
});

describe('external menu addresses', () => {
  it('opens http(s) and html menu paths in /myiframe with src', () => {
    expect(menuTarget(node({ name: '报表', path: 'https://report.example.com/a?b=1' }))).toEqual({
      kind: 'route',
      to: iframeLink('https://report.example.com/a?b=1', '报表'),
    });
    const target = menuTarget(node({ name: '帮助', path: '/static/help.html' }));
    expect(target.kind === 'route' && target.to.startsWith('/myiframe/urlPath?src=%2Fstatic%2Fhelp.html')).toBe(true);
  });

  it('opens a new window for isOpen 2 or isBlank', () => {
    expect(menuTarget(node({ path: 'http://a.example.com', isOpen: 2 }))).toEqual({ kind: 'window', href: 'http://a.example.com' });
    expect(menuTarget(node({ path: '/system/user', isBlank: true }))).toEqual({ kind: 'window', href: '/system/user' });
  });

  it('keeps internal paths as routes with their query', () => {
    expect(menuTarget(node({ path: '/system/user', query: '{"a":1}' }))).toEqual({ kind: 'route', to: '/system/user?a=1' });
    expect(menuTarget(node({ path: 'system/user', query: 'x=2' }))).toEqual({ kind: 'route', to: '/system/user?x=2' });
    expect(menuQueryString('{broken')).toBe('');
  });

  it('embeds only http and https addresses', () => {
    expect(embeddableUrl('https://a.example.com/x', 'http://localhost')).toBe('https://a.example.com/x');
    expect(embeddableUrl('/static/help.html', 'http://localhost:5173')).toBe('http://localhost:5173/static/help.html');
    expect(embeddableUrl('javascript:alert(1)', 'http://localhost')).toBeUndefined();
    expect(embeddableUrl('data:text/html,hi', 'http://localhost')).toBeUndefined();
    expect(embeddableUrl('', 'http://localhost')).toBeUndefined();
  });
});

describe('retryLookup', () => {
  afterEach(() => vi.useRealTimers());

  it('tries 10 times 200 ms apart, then gives up', async () => {
    vi.useFakeTimers();
    const lookup = vi.fn(() => undefined);
    const result = retryLookup(lookup);
    await vi.advanceTimersByTimeAsync(10 * 200);
    await expect(result).resolves.toBeUndefined();
    expect(lookup).toHaveBeenCalledTimes(10);
  });

  it('returns as soon as the value appears', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const result = retryLookup(() => (++calls === 3 ? 't-sys' : undefined));
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe('t-sys');
    expect(calls).toBe(3);
  });
});

describe('menu link types', () => {
  it('declares single sign-on and report links by a scheme in the path', () => {
    expect(menuTarget(node({ path: 'sso:parking?parkCode=P01' }))).toEqual({ kind: 'sso', systemType: 'parking', parkCode: 'P01' });
    expect(menuTarget(node({ path: 'sso:energy' }))).toEqual({ kind: 'sso', systemType: 'energy' });
    expect(menuTarget(node({ path: 'report:report' }))).toEqual({ kind: 'report', systemCode: 'report' });
    expect(menuTarget(node({ path: 'report:bad code' })).kind).toBe('route');
  });

  it('fills ${field} placeholders of link menus from the user info', () => {
    const values = { account: 'admin', tenant_id: '000000' };
    expect(menuTarget(node({ path: 'https://parking.example.com/?account=${account}', isOpen: 2 }), { values })).toEqual({
      kind: 'window',
      href: 'https://parking.example.com/?account=admin',
    });
    const embedded = menuTarget(node({ name: '报表', path: 'https://r.example.com/?t=${tenant_id}' }), { values });
    expect(embedded).toEqual({ kind: 'route', to: iframeLink('https://r.example.com/?t=000000', '报表') });
  });

  it('uses grayPath on the gray host for entries that enable it', () => {
    const menu = node({ path: '/work/report', enableGray: true, grayPath: '/work/report-v2' });
    expect(effectivePath(menu, true)).toBe('/work/report-v2');
    expect(effectivePath(menu, false)).toBe('/work/report');
    expect(effectivePath({ ...menu, enableGray: false }, true)).toBe('/work/report');
    expect(effectivePath({ ...menu, grayPath: '' }, true)).toBe('/work/report');
    expect(menuTarget(menu, { gray: true })).toEqual({ kind: 'route', to: '/work/report-v2' });
  });
});

describe('embedded page allow-list', () => {
  const origin = 'http://localhost:18080';
  const allowed = ['report.example.com', '*.trusted.example.com'];

  it('embeds the own origin and listed hosts', () => {
    expect(iframeDecision('/health', origin, allowed)).toEqual({ kind: 'embed', url: 'http://localhost:18080/health' });
    expect(iframeDecision('https://report.example.com/a', origin, allowed).kind).toBe('embed');
    expect(iframeDecision('https://bi.trusted.example.com/a', origin, allowed).kind).toBe('embed');
  });

  it('refuses other hosts, offering the address for a new window', () => {
    expect(iframeDecision('https://evil.example.com/x', origin, allowed)).toEqual({ kind: 'refused', url: 'https://evil.example.com/x', host: 'evil.example.com' });
    expect(iframeDecision('https://trusted.example.com.evil.com/', origin, allowed).kind).toBe('refused');
    expect(iframeDecision('http://localhost:9999/', origin, allowed).kind).toBe('refused');
  });

  it('never embeds javascript: or data: addresses', () => {
    expect(iframeDecision('javascript:alert(1)', origin, allowed)).toEqual({ kind: 'invalid' });
    expect(iframeDecision('data:text/html,hi', origin, allowed)).toEqual({ kind: 'invalid' });
  });
});
