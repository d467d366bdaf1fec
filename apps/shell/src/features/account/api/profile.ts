import { queryOptions } from '@tanstack/react-query';
import type { R } from '@wb/contracts/envelope';
import { http } from '../../../shared/request';

/** GET /us-user/info: the signed-in user's own profile. */
export interface Profile {
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  deptId: string;
  roleId: string;
  postId: string;
}

/** POST /us-user/update-info takes these fields (the personal info page). */
export interface ProfileUpdate {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => http.get<Profile>('/us-user/info'),
  staleTime: 0,
});

export function updateProfile(body: ProfileUpdate): Promise<R<unknown>> {
  return http.envelope({ method: 'post', url: '/us-user/update-info', data: body });
}
