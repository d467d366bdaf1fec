import type { R } from '@wb/contracts/envelope';
import { http } from '../../../shared/request';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** POST /us-user/update-password; a refusal ('原密码不正确') is shown by the request client. */
export function updatePassword(body: PasswordChange): Promise<R<unknown>> {
  return http.envelope({ method: 'post', url: '/us-user/update-password', data: body });
}
