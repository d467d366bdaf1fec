import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { authFetch } from './auth-fetch';

/** Tenant and captcha modes are the server's choice (GET /us-auth/oauth/login-settings). */
export interface LoginSettings {
  tenantMode: boolean;
  captchaEnabled: boolean;
  tokenTtl: number;
  defaultTenantId: string;
  /** configured third-party login providers, once the server lists them */
  socialSources?: string[];
}

/** The server's defaults (README, Configuration), used when the call fails so the form still works. */
export const DEFAULT_LOGIN_SETTINGS: LoginSettings = {
  tenantMode: false,
  captchaEnabled: true,
  tokenTtl: ACCESS_TOKEN_TTL_SECONDS,
  defaultTenantId: DEFAULT_TENANT_ID,
};

export function getLoginSettings(): Promise<LoginSettings> {
  return authFetch<LoginSettings>('/us-auth/oauth/login-settings', { envelope: true });
}

export const loginSettingsQueryKey = ['auth', 'login-settings'] as const;
