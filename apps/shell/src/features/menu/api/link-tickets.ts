import { http } from '../../../shared/request';

/** GET /us/authority/sso/third/system/url?systemType=&parkCode= → the single-sign-on address (data). */
export function ssoAddress(systemType: string, parkCode?: string): Promise<string> {
  return http.get<string>('/us/authority/sso/third/system/url', { systemType, parkCode });
}

/** GET /us-user/redirectToThirdSystem?systemCode= → the report system's address (data). */
export function reportAddress(systemCode: string): Promise<string> {
  return http.get<string>('/us-user/redirectToThirdSystem', { systemCode });
}
