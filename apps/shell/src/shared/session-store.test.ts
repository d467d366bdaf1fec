import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@wb/contracts/auth';

const token = (access: string, refresh: string): TokenResponse =>
  ({ access_token: access, refresh_token: refresh, expires_in: 3600, tenant_id: '000000', user_id: '1', account: 'admin', user_name: 'admin', token_type: 'bearer' }) as TokenResponse;

async function freshStore() {
  vi.resetModules();
  return (await import('./session-store')).useSession;
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('clears a local store without the version marker before hydrating', async () => {
    localStorage.setItem('saber-token', JSON.stringify({ dataType: 'string', content: 'stale', datetime: 1 }));
    const useSession = await freshStore();
    expect(useSession.getState().token).toBeUndefined();
    expect(localStorage.getItem('saber-storage-version')).toBe('v2');
  });

  it('login stores tokens, tenant and user info, and clears tabs and the lock', async () => {
    const useSession = await freshStore();
    useSession.getState().setTabs([{ label: 'x', value: '/x', query: '', closable: true }]);
    useSession.getState().setLock(true, 'pw');
    useSession.getState().login(token('a1', 'r1'));
    const s = useSession.getState();
    expect(s).toMatchObject({ token: 'a1', refreshToken: 'r1', tenantId: '000000', tabs: [], isLock: false, lockPasswd: undefined });
    expect(s.userInfo).toMatchObject({ account: 'admin' });
    expect(s.userInfo).not.toHaveProperty('access_token');
    expect(s.tokenTime).toBeGreaterThan(0);
  });

  it('persists each field through the wrapper, the lock in sessionStorage', async () => {
    const useSession = await freshStore();
    useSession.getState().login(token('a1', 'r1'));
    useSession.getState().setLock(true, 'pw');
    useSession.getState().setPermission({ param_add: true });
    expect(JSON.parse(localStorage.getItem('saber-token')!)).toMatchObject({ content: 'a1', dataType: 'string' });
    expect(JSON.parse(sessionStorage.getItem('saber-isLock')!)).toMatchObject({ content: true, type: 'session' });
    expect(localStorage.getItem('saber-isLock')).toBeNull();

    const reloaded = await freshStore();
    expect(reloaded.getState()).toMatchObject({ token: 'a1', isLock: true, lockPasswd: 'pw', permission: { param_add: true } });
  });

  it('a refresh replaces tokens but keeps tabs', async () => {
    const useSession = await freshStore();
    useSession.getState().login(token('a1', 'r1'));
    useSession.getState().setTabs([{ label: 'x', value: '/x', query: '', closable: true }]);
    useSession.getState().applyTokens(token('a2', 'r2'));
    expect(useSession.getState()).toMatchObject({ token: 'a2', refreshToken: 'r2' });
    expect(useSession.getState().tabs).toHaveLength(1);
  });

  it('reset forgets everything', async () => {
    const useSession = await freshStore();
    useSession.getState().login(token('a1', 'r1'));
    useSession.getState().reset();
    expect(useSession.getState()).toMatchObject({ token: undefined, refreshToken: undefined, tabs: [], permission: {} });
    expect(localStorage.getItem('saber-token')).toBeNull();
  });
});
