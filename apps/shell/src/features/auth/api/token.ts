import type { TokenResponse } from '@wb/contracts/auth';
import { TENANT_HEADER } from '@wb/contracts/constants';
import { authFetch } from './auth-fetch';

export interface LoginInput {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * POST /us-auth/oauth/token with the credentials in a form body (OAuth2), never in
 * the URL, which servers and proxies write to their logs. Failures
 * come back as `{error, error_description}`; the login page shows the description.
 */
export function requestToken(input: LoginInput): Promise<TokenResponse> {
  const headers: Record<string, string> = { [TENANT_HEADER]: input.tenantId };
  if (input.captchaKey) headers['Captcha-Key'] = input.captchaKey;
  if (input.captchaCode) headers['Captcha-Code'] = input.captchaCode;
  return authFetch<TokenResponse>('/us-auth/oauth/token', {
    method: 'POST',
    body: new URLSearchParams({
      tenantId: input.tenantId,
      username: input.username,
      password: input.password,
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    }),
    headers,
  });
}

/**
 * POST /us-auth/oauth/token with grant_type=social: the provider's code and our
 * state, in a form body like the password login. An identity nobody registered yet answers {error:'unbound_account',
 * oauth_id}; the login page then opens the registration with that oauth_id.
 */
export function requestSocialToken(input: { tenantId: string; source: string; code: string; state: string }): Promise<TokenResponse> {
  return authFetch<TokenResponse>('/us-auth/oauth/token', {
    method: 'POST',
    body: new URLSearchParams({ tenantId: input.tenantId, grant_type: 'social', source: input.source, code: input.code, state: input.state, scope: 'all' }),
    headers: { [TENANT_HEADER]: input.tenantId },
  });
}
