import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTableSettings } from './table-settings';

afterEach(() => localStorage.clear());

const settings = (user: string | undefined, resource = 'post') => renderHook(({ u, r }) => useTableSettings(u, r), { initialProps: { u: user, r: resource } });

describe('a table’s density and columns, kept per user', () => {
  it('keeps the density chosen under the tenant and user, for each resource', () => {
    const first = settings('000000:1');
    expect(first.result.current.size).toBeUndefined();
    act(() => first.result.current.onSizeChange('small'));
    expect(first.result.current.size).toBe('small');
    expect(localStorage.getItem('wb-table:000000:1:post:density')).toBe('small');

    // the page opened again: the same user's density; another resource's is its own
    expect(settings('000000:1').result.current.size).toBe('small');
    expect(settings('000000:1', 'param').result.current.size).toBeUndefined();
  });

  it('gives another user of the same browser the defaults', () => {
    localStorage.setItem('wb-table:000000:1:post:density', 'small');
    const other = settings('000000:2');
    expect(other.result.current.size).toBeUndefined();
    expect(other.result.current.columnsState).toEqual({ persistenceKey: 'wb-table:000000:2:post:columns', persistenceType: 'localStorage' });
    // the same user id in another tenant is someone else
    expect(settings('000001:1').result.current.size).toBeUndefined();
  });

  it('follows the user when the host names them later or another signs in', () => {
    localStorage.setItem('wb-table:000000:1:post:density', 'large');
    const hook = settings(undefined);
    expect(hook.result.current.size).toBeUndefined();
    hook.rerender({ u: '000000:1', r: 'post' });
    expect(hook.result.current.size).toBe('large');
    expect(hook.result.current.columnsState.persistenceKey).toBe('wb-table:000000:1:post:columns');
    act(() => hook.result.current.onSizeChange('middle'));
    hook.rerender({ u: '000000:2', r: 'post' });
    // what the first user chose stays theirs
    expect(hook.result.current.size).toBeUndefined();
    hook.rerender({ u: '000000:1', r: 'post' });
    expect(hook.result.current.size).toBe('middle');
  });

  it('keeps nothing for a host that names no user', () => {
    const hook = settings(undefined);
    act(() => hook.result.current.onSizeChange('small'));
    // chosen, it holds on this page only
    expect(hook.result.current.size).toBe('small');
    expect(hook.result.current.columnsState).toEqual({});
    expect(localStorage.length).toBe(0);
  });

  it('ignores a stored value that is no density', () => {
    localStorage.setItem('wb-table:000000:1:post:density', 'huge');
    expect(settings('000000:1').result.current.size).toBeUndefined();
  });
});
