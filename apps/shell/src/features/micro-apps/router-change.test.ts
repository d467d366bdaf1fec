import { describe, expect, it } from 'vitest';
import { parseRouterChange } from './router-change';

describe('routerChange from a sub-app', () => {
  it('navigates to a path or { path, query }', () => {
    expect(parseRouterChange('/system/param')).toEqual({ kind: 'navigate', to: '/system/param' });
    expect(parseRouterChange('system/param')).toEqual({ kind: 'navigate', to: '/system/param' });
    expect(parseRouterChange({ path: '/system/param', query: { from: 'coredata', n: 1 } })).toEqual({ kind: 'navigate', to: '/system/param?from=coredata&n=1' });
    expect(parseRouterChange({ path: '/coredata/vehicle?a=1', query: { b: '2' } })).toEqual({ kind: 'navigate', to: '/coredata/vehicle?a=1&b=2' });
  });

  it("logs out for '/login'", () => {
    expect(parseRouterChange('/login')).toEqual({ kind: 'logout' });
    expect(parseRouterChange({ path: '/login', query: { x: '1' } })).toEqual({ kind: 'logout' });
    expect(parseRouterChange('/login-help')).toEqual({ kind: 'navigate', to: '/login-help' });
  });

  it('moves in history for a number', () => {
    expect(parseRouterChange(-1)).toEqual({ kind: 'history', delta: -1 });
    expect(parseRouterChange(2)).toEqual({ kind: 'history', delta: 2 });
  });

  it('refuses anything else (answered with the warning)', () => {
    for (const value of [{}, { path: '' }, '', null, undefined, 0, 1.5, true, [], 'https://evil.example.com/', '//evil.example.com/x', 'javascript:alert(1)']) {
      expect(parseRouterChange(value)).toEqual({ kind: 'invalid' });
    }
  });
});
