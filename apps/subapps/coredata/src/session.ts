import { useSyncExternalStore } from 'react';
import type { TokenResponse } from '@wb/contracts/auth';
import { DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import type { SubAppLocale, SubAppUser } from '@wb/contracts/subapp-protocol';
import { emit, SUBAPP_EVENTS } from './bridge';
import { inWujie, wujieProps } from './wujie';

/**
 * Who is calling, for every request. Inside the shell everything comes from
 * wujie's props at the moment of the call (the shell refreshes the token);
 * standalone, from the app's own login, kept in localStorage.
 */
interface StandaloneSession {
  token: string;
  tenantId: string;
  user: SubAppUser;
  /** ms since epoch */
  expiresAt: number;
}

const STORAGE_KEY = 'wb-coredata-session';
const listeners = new Set<() => void>();

function read(): StandaloneSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StandaloneSession | null;
    return value && value.token && value.expiresAt > Date.now() ? value : null;
  } catch {
    return null;
  }
}

let standalone: StandaloneSession | null = inWujie() ? null : read();

function setStandalone(next: StandaloneSession | null): void {
  standalone = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function userFromToken(token: TokenResponse): SubAppUser {
  return { userId: token.user_id, account: token.account, userName: token.user_name, realName: token.real_name, avatar: token.avatar, roleName: token.role_name };
}

export const session = {
  token(): string | undefined {
    if (inWujie()) return wujieProps().getToken?.() || undefined;
    return standalone && standalone.expiresAt > Date.now() ? standalone.token : undefined;
  },
  tenantId(): string {
    return (inWujie() ? wujieProps().tenantId : standalone?.tenantId) || DEFAULT_TENANT_ID;
  },
  user(): SubAppUser | undefined {
    return inWujie() ? wujieProps().user : standalone?.user;
  },
  /** '' = the page's own origin (the server serves the app; the dev server proxies) */
  apiBase(): string {
    return (inWujie() ? wujieProps().apiBase : import.meta.env.VITE_API_BASE) ?? '';
  },
  locale(): SubAppLocale {
    return wujieProps().locale === 'en' ? 'en' : 'zh';
  },
  login(token: TokenResponse, tenantId: string): void {
    setStandalone({ token: token.access_token, tenantId, user: userFromToken(token), expiresAt: Date.now() + token.expires_in * 1000 });
  },
  /** Standalone: forget the login. In the shell: ask the shell to log out (it owns the session). */
  logout(): void {
    if (inWujie()) emit(SUBAPP_EVENTS.logout);
    else setStandalone(null);
  },
};

/** Whether a user is signed in (re-renders on login and logout). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inWujie() || session.token() !== undefined,
  );
}
