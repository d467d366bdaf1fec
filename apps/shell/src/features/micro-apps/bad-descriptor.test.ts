import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { descriptorForPath, mountUrl, orderRegistry, preloadOrder } from './registry';

const d = (serviceName: string, prefix: string, host: string, extra: Partial<SubAppDescriptor> = {}): SubAppDescriptor => ({
  id: serviceName,
  name: serviceName,
  serviceName,
  prefix,
  host,
  defaultApiHost: '',
  defaultPath: '',
  exec: 1,
  fiber: 1,
  alive: 1,
  isDashboardApp: 0,
  default: 0,
  sort: 0,
  ...extra,
});

/** What the server answered before it checked addresses: hostile and broken rows beside good ones. */
const served = [
  d('evil', '/evil', 'javascript:alert(document.domain)//', { default: 1 }),
  d('coredata', '/coredata', '/subapps/coredata/'),
  d('data', '/data', 'data:text/html,<script>alert(1)</script>'),
  d('broken', '/broken', 'http://['),
  d('api', '/api-app', 'https://apps.example.com/api-app/', { defaultApiHost: 'javascript:fetch(1)' }),
  d('slashes', '/slashes', '//evil.example.net/app/'),
  d('remote', '/remote', 'https://apps.example.com/remote/'),
  d('later', '/later', ''),
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
    for (const app of preloadOrder(registry)) expect(() => mountUrl(app, app.prefix, '', 'https://shell.example.com')).not.toThrow();
    expect(mountUrl(descriptorForPath(registry, '/coredata/company')!, '/coredata/company', '', 'https://shell.example.com')).toBe('https://shell.example.com/subapps/coredata/company');
    expect(descriptorForPath(registry, '/evil/x')).toBeUndefined();
    expect(descriptorForPath(registry, '/broken')).toBeUndefined();
    expect(preloadOrder(registry).map((x) => x.serviceName)).toEqual(['coredata', 'remote']);
  });

  it('without the check, the same rows would have broken the pages (the reason for it)', () => {
    // an opaque javascript:/data: base or a host the parser refuses throws wherever the address is made
    for (const bad of [served[0], served[2], served[3]]) expect(() => mountUrl(bad, bad.prefix, '', 'https://shell.example.com')).toThrow(TypeError);
  });
});
