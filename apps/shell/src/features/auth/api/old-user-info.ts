import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

/** Old-platform user info, fetched after login. */
export interface OldUserInfo {
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  phone: string;
  account: string;
  role_name: string;
  tenant_code: string;
}

/** GET /us/authority/sys/get-user-info; link placeholders may use its fields (phone, tenant_code). */
export const oldUserInfoQuery = queryOptions({
  queryKey: ['auth', 'old-user-info'],
  queryFn: () => http.get<OldUserInfo>('/us/authority/sys/get-user-info', undefined, { silent: true }),
  staleTime: 10 * 60_000,
});
