import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiBaseFor,
  appUrl,
  descriptorForPath,
  entryUrl,
  innerRoute,
  isDeployed,
  orderRegistry,
  preloadOrder,
  requireDescriptor,
  routeOfAppUrl,
  shellPathOf,
  startPath,
  SubAppLookupError,
} from './registry';
import { descriptor } from './test-descriptor';

const d = descriptor;

const registry = [
  d('work', '/work', 'core/project', '', { default: 1 }),
  d('coredata', '/coredata', '/', '/subapps/coredata/'),
  d('publish', '/publish', 'projectInfo'),
  d('cruiser', '/cruiser', 'mechanicalWork/workInfo'),
  d('labor', '/cruiser', 'laborOperations/laborWorkInfo'),
  d('guide', '/publish', 'releaseGuide'),
];

describe('registry → descriptor for a path', () => {
  it('finds the app whose prefix holds the path, not one that merely starts alike', () => {
    expect(descriptorForPath(registry, '/coredata/company')?.serviceName).toBe('coredata');
    expect(descriptorForPath(registry, '/coredata')?.serviceName).toBe('coredata');
    expect(descriptorForPath(registry, '/coredatax/company')).toBeUndefined();
    expect(descriptorForPath(registry, '/system/param')).toBeUndefined();
  });

  it("leaves the flow's process pages under /work to the shell", () => {
    expect(descriptorForPath(registry, '/work/process/leave/form/Leave%3A1%3Aabc')).toBeUndefined();
    expect(descriptorForPath(registry, '/work/process/leave/handle/1/2/3')?.serviceName).toBeUndefined();
    expect(descriptorForPath(registry, '/work/core/project')?.serviceName).toBe('work');
  });

  it('picks among apps sharing a prefix by the menu serviceName, then by defaultPath, else the first', () => {
    expect(descriptorForPath(registry, '/cruiser/laborOperations/laborWorkInfo')?.serviceName).toBe('labor');
    expect(descriptorForPath(registry, '/cruiser/mechanicalWork/workInfo')?.serviceName).toBe('cruiser');
    expect(descriptorForPath(registry, '/cruiser/somewhere')?.serviceName).toBe('cruiser');
    expect(descriptorForPath(registry, '/publish/releaseGuide')?.serviceName).toBe('guide');
    expect(descriptorForPath(registry, '/publish/other', 'guide')?.serviceName).toBe('guide');
    // a serviceName that does not own the prefix does not decide
    expect(descriptorForPath(registry, '/publish/other', 'coredata')?.serviceName).toBe('publish');
  });

  it('prefers the longest prefix', () => {
    const nested = [...registry, d('fleet', '/coredata/fleet', '/')];
    expect(descriptorForPath(nested, '/coredata/fleet/cars')?.serviceName).toBe('fleet');
    expect(descriptorForPath(nested, '/coredata/company')?.serviceName).toBe('coredata');
  });

  it('reports an unknown sub-module as MODULE_NOT_FOUND', () => {
    expect(() => requireDescriptor(registry, '/vaas/dashboards')).toThrow(SubAppLookupError);
    try {
      requireDescriptor(registry, '/vaas/dashboards');
    } catch (error) {
      expect((error as SubAppLookupError).code).toBe('MODULE_NOT_FOUND');
      expect((error as Error).message).toContain('/vaas/dashboards');
    }
  });
});

describe('entry, app address and inner route', () => {
  const coredata = registry[1];
  it('loads every app from its entry: the host as a folder, on the shell origin for a relative host', () => {
    expect(entryUrl(coredata, 'http://shell.test')).toBe('http://shell.test/subapps/coredata/');
    expect(entryUrl({ host: 'http://apps.test:7100/react17' }, 'http://shell.test')).toBe('http://apps.test:7100/react17/');
    expect(entryUrl({ host: 'http://apps.test/vue2/index.html' }, 'http://shell.test')).toBe('http://apps.test/vue2/index.html');
  });

  it('opens a route below the entry for a history router, in its hash for a hash router, at the entry when unknown', () => {
    const entry = 'http://apps.test/react17/';
    expect(appUrl(entry, '/orders/list/today?page=2', 'history')).toBe('http://apps.test/react17/orders/list/today?page=2');
    expect(appUrl(entry, '/', 'history')).toBe('http://apps.test/react17/');
    expect(appUrl('http://apps.test/vue2/', '/accumulated/manager/credits', 'hash')).toBe('http://apps.test/vue2/#/accumulated/manager/credits');
    expect(appUrl('http://apps.test/vue2/', '/accumulated/manager/credits', '')).toBe('http://apps.test/vue2/');
  });

  it('reads the route back from the app address, and maps it to the shell path', () => {
    expect(routeOfAppUrl('http://apps.test/react17/', '/react17/orders/list/today?page=2', 'history')).toBe('/orders/list/today?page=2');
    expect(routeOfAppUrl('http://apps.test/react17/', '/react17', 'history')).toBe('/');
    expect(routeOfAppUrl('http://apps.test/react17/', '/elsewhere', 'history')).toBeUndefined();
    expect(routeOfAppUrl('http://apps.test/vue2/index.html', '/vue2/index.html', 'history')).toBe('/');
    expect(routeOfAppUrl('http://apps.test/vue2/', '/vue2/#/dialog?x=1', 'hash')).toBe('/dialog?x=1');
    expect(routeOfAppUrl('http://apps.test/vue2/', '/vue2/', 'hash')).toBe('/');
    expect(shellPathOf({ prefix: '/react17' }, '/orders/list/today?page=2')).toBe('/react17/orders/list/today?page=2');
    expect(shellPathOf({ prefix: '/coredata/' }, '/')).toBe('/coredata');
  });

  it('gives the route inside the app for route-change', () => {
    expect(innerRoute(coredata, '/coredata/company')).toBe('/company');
    expect(innerRoute(coredata, '/coredata')).toBe('/');
    expect(innerRoute(coredata, '/coredata/vehicle/', '?x=1')).toBe('/vehicle?x=1');
  });

  it('starts an app at its defaultPath', () => {
    expect(startPath(registry[0])).toBe('/work/core/project');
    expect(startPath(coredata)).toBe('/coredata');
  });

  it("treats host '' as not deployed", () => {
    expect(isDeployed(registry[0])).toBe(false);
    expect(isDeployed(coredata)).toBe(true);
  });
});

describe('apiBase and order', () => {
  it("hands the descriptor's defaultApiHost, else the shell's API as an absolute address", () => {
    expect(apiBaseFor({ defaultApiHost: 'https://api.example.com/' }, 'http://shell.test', '')).toBe('https://api.example.com');
    expect(apiBaseFor({ defaultApiHost: '' }, 'http://shell.test', '')).toBe('http://shell.test');
    expect(apiBaseFor({ defaultApiHost: '' }, 'http://shell.test', 'https://uat-api.example.com')).toBe('https://uat-api.example.com');
  });

  it('puts the default app first and preloads only deployed apps, once each', () => {
    const rows = [d('a', '/a', '/', '/subapps/a/'), d('b', '/b', '/', '/subapps/b/', { default: 1 }), d('c', '/c', '/'), d('a', '/a2', '/', '/x/')];
    expect(orderRegistry(rows).map((r) => r.serviceName)).toEqual(['b', 'a', 'c', 'a']);
    expect(preloadOrder(rows).map((r) => r.serviceName)).toEqual(['b', 'a']);
  });
});

/** What the server answered before it checked addresses: hostile and broken rows beside good ones. */
const served = [
  d('evil', '/evil', '', 'javascript:alert(document.domain)//', { default: 1 }),
  d('coredata', '/coredata', '', '/subapps/coredata/'),
  d('data', '/data', '', 'data:text/html,<script>alert(1)</script>'),
  d('broken', '/broken', '', 'http://['),
  d('api', '/api-app', '', 'https://apps.example.com/api-app/', { defaultApiHost: 'javascript:fetch(1)' }),
  d('slashes', '/slashes', '', '//evil.example.net/app/'),
  d('remote', '/remote', '', 'https://apps.example.com/remote/'),
  d('later', '/later', '', ''),
];

afterEach(() => vi.restoreAllMocks());

describe('a bad sub-app descriptor already stored', () => {
  it('is skipped with a console warning naming it; the other apps stay, the default one no longer first', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = orderRegistry(served);
    expect(registry.map((x) => x.serviceName)).toEqual(['coredata', 'remote', 'later']);
    const warned = warn.mock.calls.map((c) => String(c[0]));
    expect(warned).toHaveLength(5);
    for (const name of ['evil', 'data', 'broken', 'api', 'slashes']) expect(warned.some((w) => w.includes(`sub-app ${name} skipped`))).toBe(true);
  });

  it('leaves every path resolvable: the good apps mount, the bad ones own nothing', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = orderRegistry(served);
    // each path of the registry resolves to an address without throwing (a refused URL would break the page)
    for (const app of preloadOrder(registry)) expect(() => entryUrl(app, 'https://shell.example.com')).not.toThrow();
    expect(entryUrl(descriptorForPath(registry, '/coredata/company')!, 'https://shell.example.com')).toBe('https://shell.example.com/subapps/coredata/');
    expect(descriptorForPath(registry, '/evil/x')).toBeUndefined();
    expect(descriptorForPath(registry, '/broken')).toBeUndefined();
    expect(preloadOrder(registry).map((x) => x.serviceName)).toEqual(['coredata', 'remote']);
  });

  it('without the check, the same rows would have broken the pages (the reason for it)', () => {
    // an opaque javascript:/data: base or a host the parser refuses throws wherever the address is made
    for (const bad of [served[0], served[2], served[3]]) expect(() => appUrl(entryUrl(bad, 'https://shell.example.com'), '/', 'history')).toThrow(TypeError);
  });
});
