/** The servers the e2e run starts (global-setup.ts), shared with the specs. */
export const MAIN_PORT = 18080;
/** a second server with tenant mode and the captcha on, every captcha answering CAPTCHA_CODE */
export const CAPTCHA_PORT = 18082;
export const CAPTCHA_CODE = '1234';
/** a third server whose access tokens live TOKEN_TTL_SECONDS, to see refresh work for real */
export const SHORT_TOKEN_PORT = 18083;
export const TOKEN_TTL_SECONDS = 3;

export interface ServerSpec {
  name: string;
  port: number;
  env: Record<string, string>;
}

export const SERVERS: ServerSpec[] = [
  { name: 'main', port: MAIN_PORT, env: { CAPTCHA_ENABLED: 'false' } },
  { name: 'captcha', port: CAPTCHA_PORT, env: { CAPTCHA_ENABLED: 'true', CAPTCHA_FIXED_CODE: CAPTCHA_CODE, TENANT_MODE: 'true' } },
  { name: 'short-token', port: SHORT_TOKEN_PORT, env: { CAPTCHA_ENABLED: 'false', TOKEN_TTL: String(TOKEN_TTL_SECONDS) } },
];

export const baseUrl = (port: number) => `http://localhost:${port}`;
