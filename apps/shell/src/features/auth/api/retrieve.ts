import type { CaptchaResponse } from '@wb/contracts/auth';
import type { R } from '@wb/contracts/envelope';
import { http } from '../../../shared/request';

/** Password retrieval calls. All public; failures show the server message. */

/** GET /us-user/retrieve/captcha → raw {key, image}. */
export function retrieveCaptcha(): Promise<CaptchaResponse> {
  return http.raw<CaptchaResponse>({ method: 'get', url: '/us-user/retrieve/captcha' });
}

/** GET /us-user/retrieve/user-info?account= → the account and its masked phone ('137****0001'). */
export function retrieveUserInfo(account: string, tenantId?: string): Promise<{ account: string; phone: string }> {
  return http.get('/us-user/retrieve/user-info', { account, tenantId });
}

/** GET /us-user/retrieve/sendMessage with the picture code in Captcha-Key / Captcha-Code. */
export function sendRetrieveSms(input: { account: string; phone: string; captchaKey: string; captchaCode: string; tenantId?: string }): Promise<R<unknown>> {
  return http.envelope({
    method: 'get',
    url: '/us-user/retrieve/sendMessage',
    params: { account: input.account, phone: input.phone, type: 'reset', tenantId: input.tenantId },
    headers: { 'Captcha-Key': input.captchaKey, 'Captcha-Code': input.captchaCode },
  });
}

/** GET /us-user/retrieve/validateCode?phone&code → data.identifyCode, proof for the reset. */
export function validateRetrieveCode(phone: string, code: string): Promise<{ identifyCode: string }> {
  return http.get('/us-user/retrieve/validateCode', { phone, code });
}

/** POST /us-user/retrieve/resetPassword {newPassword, newPassword1, identifyCode}. */
export function resetPassword(body: { newPassword: string; newPassword1: string; identifyCode: string }): Promise<R<unknown>> {
  return http.envelope({ method: 'post', url: '/us-user/retrieve/resetPassword', data: body });
}
