import { http } from '../../../shared/request';

export interface TokenCheck {
  active: boolean;
  exp?: number;
  user_id?: string;
  tenant_id?: string;
}

/** GET /us-auth/oauth/checkToken: is the stored access token still accepted? */
export function checkToken(accessToken: string): Promise<TokenCheck> {
  return http.get<TokenCheck>('/us-auth/oauth/checkToken', { access_token: accessToken }, { silent: true });
}

/** GET /us-auth/oauth/logout revokes the session on the server. */
export function serverLogout(): Promise<unknown> {
  return http.get('/us-auth/oauth/logout', undefined, { silent: true });
}

/**
 * GET /us-auth/oauth/clear-cache (tab bar context menu). Only a role administrator may
 * clear the server's caches; for anyone else the call is refused quietly and the
 * shell still clears its own.
 */
export function clearServerCache(): Promise<unknown> {
  return http.get('/us-auth/oauth/clear-cache', undefined, { silent: true }).catch(() => undefined);
}
