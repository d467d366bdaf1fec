import type { TokenResponse } from '@wb/contracts/auth';
import { TENANT_HEADER } from '@wb/contracts/constants';
import { http } from '../../../shared/request';

export interface LoginInput {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * POST /us-auth/oauth/token with the credentials in the query string. Failures
 * come back as `{error, error_description}`; the login page shows the description
 * as an error, so this call stays silent.
 */
export function requestToken(input: LoginInput): Promise<TokenResponse> {
  const headers: Record<string, string> = { [TENANT_HEADER]: input.tenantId };
  if (input.captchaKey) headers['Captcha-Key'] = input.captchaKey;
  if (input.captchaCode) headers['Captcha-Code'] = input.captchaCode;
  return http.raw<TokenResponse>({
    method: 'post',
    url: '/us-auth/oauth/token',
    params: {
      tenantId: input.tenantId,
      username: input.username,
      password: input.password,
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
    authCall: true,
    silent: true,
  });
}
