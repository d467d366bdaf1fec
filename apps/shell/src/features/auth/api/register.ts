import type { R } from '@wb/contracts/envelope';
import { http } from '../../../shared/request';

export interface GuestRegistration {
  tenantId: string;
  name?: string;
  account: string;
  password: string;
  /** the unbound third-party identity this account claims */
  oauthId?: string;
}

/**
 * POST /us-user/register-guest; silent: the dialog shows the server message or '提交失败'.
 * In captcha mode the server wants the picture code as the login does (Captcha-Key/Captcha-Code).
 */
export function registerGuest(body: GuestRegistration, captcha?: { key: string; code: string }): Promise<R<unknown>> {
  const headers = captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : undefined;
  return http.envelope({ method: 'post', url: '/us-user/register-guest', data: body, headers, silent: true });
}

export interface HostTenant {
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
}

/** GET /us-system/tenant/info?domain=: the tenant this host belongs to, or null (the server answers {} for an unknown host). */
export async function tenantByHost(host: string): Promise<HostTenant | null> {
  const found = await http.get<Partial<HostTenant> | null>('/us-system/tenant/info', { domain: host }, { silent: true });
  return found?.tenantId ? (found as HostTenant) : null;
}
