import type { CaptchaResponse } from '@wb/contracts/auth';
import { http } from '../../../shared/request';

/** GET /us-auth/oauth/captcha answers raw `{key, image}`, not the envelope. */
export function getCaptcha(): Promise<CaptchaResponse> {
  return http.raw<CaptchaResponse>({ method: 'get', url: '/us-auth/oauth/captcha' });
}
