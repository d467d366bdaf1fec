import { queryOptions } from '@tanstack/react-query';
import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import { http } from '../../../shared/request';

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
  return http.get<LoginSettings>('/us-auth/oauth/login-settings', undefined, { silent: true });
}

export const loginSettingsQuery = queryOptions({
  queryKey: ['auth', 'login-settings'],
  queryFn: getLoginSettings,
  staleTime: 5 * 60_000,
});
