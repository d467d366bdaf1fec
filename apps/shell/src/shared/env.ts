import { TOKEN_HEADER } from '@wb/contracts/constants';

/**
 * Build-time settings. Tenant mode and captcha mode are not here: the server
 * decides them at runtime (GET /us-auth/oauth/login-settings).
 */
const vars = import.meta.env;

function codes(list: string | undefined): number[] {
  return (list ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n !== 0);
}

export const appEnv = {
  /** '' calls the page's own origin (the server serves the shell; the dev server proxies) */
  apiBase: vars.VITE_API_BASE ?? '',
  clientId: vars.VITE_CLIENT_ID || 'workbench',
  clientSecret: vars.VITE_CLIENT_SECRET || 'workbench_secret',
  tokenHeader: TOKEN_HEADER,
  /** body codes that reject with the raw response instead of showing a message (spec §8) */
  codeWhitelist: codes(vars.VITE_CODE_WHITELIST),
} as const;

export function basicAuthorization(clientId: string = appEnv.clientId, secret: string = appEnv.clientSecret): string {
  return `Basic ${btoa(`${clientId}:${secret}`)}`;
}
