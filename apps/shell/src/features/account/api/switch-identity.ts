import type { TokenResponse } from '@wb/contracts/auth';
import { TENANT_HEADER } from '@wb/contracts/constants';
import { http } from '../../../shared/request';

/**
 * Switching dept/role refreshes the token with the choice in the `Dept-Id` and
 * `Role-Id` headers; the answer carries the new
 * identity. Silent: a refusal comes back as {error, error_description}.
 */
export function switchIdentity(input: { tenantId: string; refreshToken: string; deptId: string; roleId: string }): Promise<TokenResponse> {
  return http.raw<TokenResponse>({
    method: 'post',
    url: '/us-auth/oauth/token',
    // a form body: a refresh token in the URL would end up in logs
    data: new URLSearchParams({ tenantId: input.tenantId, refresh_token: input.refreshToken, grant_type: 'refresh_token', scope: 'all' }),
    headers: { [TENANT_HEADER]: input.tenantId, 'Dept-Id': input.deptId, 'Role-Id': input.roleId },
    authCall: true,
    silent: true,
  });
}
