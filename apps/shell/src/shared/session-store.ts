import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import type { TokenResponse } from '@wb/contracts/auth';
import { ensureStorageVersion, getStore, removeStore, setStore, type StoreArea } from './storage';

/** The login body without its secrets: what pages may show about the user. */
export type UserInfo = Omit<TokenResponse, 'access_token' | 'refresh_token'>;

/** An open tab. `labelKey` is an i18n key for the shell's own pages. */
export interface Tab {
  label: string;
  labelKey?: string;
  /** path of the page */
  value: string;
  /** search string including '?', '' when none */
  query: string;
  closable: boolean;
  /** the address the tab shows now, when its page moved below the menu's path (a sub-app's own route) */
  route?: string;
}

interface Persisted {
  token?: string;
  refreshToken?: string;
  /** ms since epoch when the access token was stored; drives the 60 s age check */
  tokenTime?: number;
  expiresIn?: number;
  tenantId?: string;
  userInfo?: UserInfo;
  tabs: Tab[];
  isLock: boolean;
  lockPasswd?: string;
  /** the address the user was on when the screen locked; unlocking returns there */
  lockFrom?: string;
  topMenuId?: string;
  /** button code → true */
  permission: Record<string, true>;
}

interface Actions {
  login(token: TokenResponse): void;
  /** a refresh replaces tokens and user info but keeps tabs and lock */
  applyTokens(token: TokenResponse): void;
  setTabs(tabs: Tab[]): void;
  setTopMenuId(id: string | undefined): void;
  setPermission(map: Record<string, true>): void;
  setLock(locked: boolean, password?: string, from?: string): void;
  /** the profile page changed the user's name or avatar */
  updateUserInfo(patch: Partial<UserInfo>): void;
  reset(): void;
}

export type SessionState = Persisted & Actions;

const initial: Persisted = { tabs: [], isLock: false, permission: {} };

/** Where each field is kept; the lock lives only as long as the browser tab (sessionStorage). */
const AREAS: Record<keyof Persisted, { name: string; area: StoreArea }> = {
  token: { name: 'token', area: 'local' },
  refreshToken: { name: 'refreshToken', area: 'local' },
  tokenTime: { name: 'tokenTime', area: 'local' },
  expiresIn: { name: 'expiresIn', area: 'local' },
  tenantId: { name: 'tenantId', area: 'local' },
  userInfo: { name: 'userInfo', area: 'local' },
  tabs: { name: 'tagList', area: 'local' },
  isLock: { name: 'isLock', area: 'session' },
  lockPasswd: { name: 'lockPasswd', area: 'session' },
  lockFrom: { name: 'lockFrom', area: 'session' },
  topMenuId: { name: 'topMenuId', area: 'local' },
  permission: { name: 'permission', area: 'local' },
};

const fields = Object.keys(AREAS) as (keyof Persisted)[];

/** Persists each field under its own key, wrapped as storage.ts does. */
const wrappedStorage: PersistStorage<Persisted> = {
  getItem: () => {
    const state: Partial<Persisted> = {};
    for (const field of fields) {
      const value = getStore(AREAS[field].name, AREAS[field].area);
      if (value !== undefined) (state as Record<string, unknown>)[field] = value;
    }
    return { state: { ...initial, ...state }, version: 0 };
  },
  setItem: (_name, { state }) => {
    for (const field of fields) {
      const { name, area } = AREAS[field];
      const value = state[field];
      if (value === undefined || value === null) removeStore(name, area);
      else setStore(name, value, area);
    }
  },
  removeItem: () => {
    for (const field of fields) removeStore(AREAS[field].name, AREAS[field].area);
  },
};

function userInfoOf(token: TokenResponse): UserInfo {
  const { access_token: _a, refresh_token: _r, ...info } = token;
  return info;
}

function tokenFields(token: TokenResponse): Partial<Persisted> {
  return {
    token: token.access_token,
    refreshToken: token.refresh_token,
    tokenTime: Date.now(),
    expiresIn: token.expires_in,
    tenantId: token.tenant_id,
    userInfo: userInfoOf(token),
  };
}

// Must run before the store hydrates below, so stale values are never read.
ensureStorageVersion();

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...initial,
      login: (token) => set({ ...tokenFields(token), tabs: [], isLock: false, lockPasswd: undefined, lockFrom: undefined }),
      applyTokens: (token) => set(tokenFields(token)),
      setTabs: (tabs) => set({ tabs }),
      setTopMenuId: (topMenuId) => set({ topMenuId }),
      setPermission: (permission) => set({ permission }),
      setLock: (isLock, lockPasswd, lockFrom) => set({ isLock, lockPasswd, lockFrom }),
      updateUserInfo: (patch) => set((s) => (s.userInfo ? { userInfo: { ...s.userInfo, ...patch } } : {})),
      reset: () =>
        set({
          ...initial,
          token: undefined,
          refreshToken: undefined,
          tokenTime: undefined,
          expiresIn: undefined,
          tenantId: undefined,
          userInfo: undefined,
          lockPasswd: undefined,
          lockFrom: undefined,
          topMenuId: undefined,
        }),
    }),
    {
      name: 'session',
      storage: wrappedStorage,
      partialize: (s): Persisted => ({
        token: s.token,
        refreshToken: s.refreshToken,
        tokenTime: s.tokenTime,
        expiresIn: s.expiresIn,
        tenantId: s.tenantId,
        userInfo: s.userInfo,
        tabs: s.tabs,
        isLock: s.isLock,
        lockPasswd: s.lockPasswd,
        lockFrom: s.lockFrom,
        topMenuId: s.topMenuId,
        permission: s.permission,
      }),
    },
  ),
);
