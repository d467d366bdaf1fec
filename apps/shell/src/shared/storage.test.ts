import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, ensureStorageVersion, getStore, getStoredValue, removeStore, setStore, STORAGE_PREFIX, VERSION_KEY } from './storage';
import { KEPT_KEY_PREFIXES_ON_LOGOUT, KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT } from './storage-names';

describe('stored-value wrapper', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('stores {dataType, content, type, datetime} under the prefixed key in localStorage', () => {
    const before = Date.now();
    setStore('token', 'abc');
    const raw = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}token`)!);
    expect(raw).toMatchObject({ dataType: 'string', content: 'abc' });
    expect(raw.type).toBeUndefined();
    expect(raw.datetime).toBeGreaterThanOrEqual(before);
    expect(getStore('token')).toBe('abc');
  });

  it("keeps type 'session' values in sessionStorage only", () => {
    setStore('lockPasswd', 'secret', 'session');
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}lockPasswd`)).not.toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}lockPasswd`)).toBeNull();
    expect(getStoredValue('lockPasswd', 'session')).toMatchObject({ type: 'session', content: 'secret' });
    expect(getStore('lockPasswd', 'local')).toBeUndefined();
  });

  it('round-trips objects and booleans with their dataType', () => {
    setStore('userInfo', { account: 'admin' });
    setStore('isLock', false);
    expect(getStore('userInfo')).toEqual({ account: 'admin' });
    expect(getStore('isLock')).toBe(false);
    expect(getStoredValue('userInfo')?.dataType).toBe('object');
    expect(getStoredValue('isLock')?.dataType).toBe('boolean');
  });

  it('treats unreadable values as absent', () => {
    localStorage.setItem(`${STORAGE_PREFIX}broken`, '{not json');
    expect(getStore('broken')).toBeUndefined();
  });

  it('removes a value', () => {
    setStore('token', 'abc');
    removeStore('token');
    expect(getStore('token')).toBeUndefined();
  });

  it('clears both areas but keeps the version marker and the named keys', () => {
    localStorage.setItem(VERSION_KEY, 'v2');
    setStore('language', 'en');
    setStore('token', 'abc');
    setStore('isLock', true, 'session');
    localStorage.setItem('other-app', 'x');
    clearStorage(['language']);
    expect(localStorage.getItem(VERSION_KEY)).toBe('v2');
    expect(getStore('language')).toBe('en');
    expect(getStore('token')).toBeUndefined();
    expect(getStore('isLock', 'session')).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBeNull();
  });

  it('keeps wrapped names under a kept prefix (per-user choices)', () => {
    setStore('project-000000-1', { id: '3' });
    setStore('project-000000-2', { id: '4' });
    setStore('projects', 'not a per-user key');
    setStore('token', 'abc');
    clearStorage([], ['project-']);
    expect(getStore('project-000000-1')).toEqual({ id: '3' });
    expect(getStore('project-000000-2')).toEqual({ id: '4' });
    expect(getStore('projects')).toBeUndefined();
    expect(getStore('token')).toBeUndefined();
  });

  it('keeps plain keys under a kept key prefix (each user’s tables), as logout does', () => {
    localStorage.setItem('wb-table:000000:1:post:density', 'small');
    localStorage.setItem('wb-table:000000:2:param:columns', '{}');
    localStorage.setItem('wb-tables', 'not a table key');
    setStore('token', 'abc');
    clearStorage(KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT, KEPT_KEY_PREFIXES_ON_LOGOUT);
    expect(localStorage.getItem('wb-table:000000:1:post:density')).toBe('small');
    expect(localStorage.getItem('wb-table:000000:2:param:columns')).toBe('{}');
    expect(localStorage.getItem('wb-tables')).toBeNull();
    expect(getStore('token')).toBeUndefined();
  });
});

describe('version marker', () => {
  beforeEach(() => localStorage.clear());

  it('clears a local store without the marker once, then sets v2', () => {
    localStorage.setItem('saber-token', 'old-format');
    localStorage.setItem('anything', '1');
    expect(ensureStorageVersion()).toBe(true);
    expect(localStorage.getItem('saber-token')).toBeNull();
    expect(localStorage.getItem('anything')).toBeNull();
    expect(localStorage.getItem(VERSION_KEY)).toBe('v2');

    setStore('token', 'new');
    expect(ensureStorageVersion()).toBe(false);
    expect(getStore('token')).toBe('new');
  });

  it('clears a store marked with another version', () => {
    localStorage.setItem(VERSION_KEY, 'v1');
    setStore('token', 'old');
    expect(ensureStorageVersion()).toBe(true);
    expect(getStore('token')).toBeUndefined();
  });
});
