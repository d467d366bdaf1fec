import type { CaptchaResponse } from '@wb/contracts/auth';
import { authFetch } from './auth-fetch';

/** GET /us-auth/oauth/captcha answers raw `{key, image}`, not the envelope. */
export function getCaptcha(): Promise<CaptchaResponse> {
  return authFetch<CaptchaResponse>('/us-auth/oauth/captcha');
}
