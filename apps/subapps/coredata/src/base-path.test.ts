import { describe, expect, it } from 'vitest';
import { routerBasename } from './base-path';

describe('router basename', () => {
  it('is the published prefix when the app is served under it', () => {
    expect(routerBasename('/subapps/coredata/', '/subapps/coredata/')).toBe('/subapps/coredata');
    expect(routerBasename('/subapps/coredata/company', '/subapps/coredata/')).toBe('/subapps/coredata');
    expect(routerBasename('/subapps/coredata', '/subapps/coredata/')).toBe('/subapps/coredata');
  });

  it('is the root on the dev server, also under the published prefix there', () => {
    expect(routerBasename('/', '/')).toBe('');
    expect(routerBasename('/company', '/')).toBe('');
    expect(routerBasename('/subapps/coredata/vehicle', '/')).toBe('/subapps/coredata');
    expect(routerBasename('/subapps/coredatax', '/')).toBe('');
  });
});
