import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_HEADER } from '@wb/contracts/constants';

/** Everything the server reads from the environment, with the defaults the README documents. */
export interface Config {
  port: number;
  host: string;
  /** absent → embedded PGlite in dataDir */
  databaseUrl?: string;
  /** folder of the embedded database, the JWT secret and uploaded files; ':memory:' keeps nothing */
  dataDir: string;
  jwtSecret: string;
  tokenTtl: number;
  refreshTtl: number;
  captchaEnabled: boolean;
  /** test hook: every captcha answers this code (never set it in production) */
  captchaFixedCode?: string;
  tenantMode: boolean;
  /** send Dept-Id/Role-Id at login (shell 'switch mode') */
  switchMode: boolean;
  tokenHeader: string;
  /** login attempts per IP per minute */
  loginRateLimit: number;
  /** folder of the built shell to serve; absent or missing → API only */
  shellDir?: string;
  /** folder holding the sub-apps built here (each <name>/dist is served at /subapps/<name>/) */
  subappsDir?: string;
  /** origins allowed to call the API from a browser (sub-apps deployed elsewhere) */
  corsOrigins: string[];
  logLevel: string;
  /** third-party identity providers for the code-grant login, by source name */
  socialProviders: Record<string, SocialProvider>;
}

/** An OAuth2 authorization-code provider (SOCIAL_PROVIDERS, JSON keyed by source). */
export interface SocialProvider {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** where the provider sends the browser back (the shell's login page) */
  redirectUri: string;
}

function socialProviders(json: string | undefined): Record<string, SocialProvider> {
  if (!json) return {};
  const parsed = JSON.parse(json) as Record<string, SocialProvider>;
  for (const [name, p] of Object.entries(parsed)) {
    for (const k of ['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'clientId', 'clientSecret', 'redirectUri'] as const) {
      if (!p[k]) throw new Error(`SOCIAL_PROVIDERS.${name}.${k} is missing`);
    }
  }
  return parsed;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['false', '0', 'no', 'off'].includes(v.toLowerCase());
}

function int(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${v}'`);
  return n;
}

/** The secret is generated once and kept beside the data so tokens survive restarts. */
function jwtSecretFor(dataDir: string, given?: string): string {
  if (given) return given;
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // `npm start` runs the server inside apps/server; a relative DATA_DIR means the folder the
  // user typed the command in (npm's INIT_CWD), as the README says, not the workspace's.
  const dataDir = overrides.dataDir ?? (env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.INIT_CWD ?? '.', env.DATA_DIR || './data'));
  return {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: jwtSecretFor(dataDir, overrides.jwtSecret ?? env.JWT_SECRET),
    tokenTtl: int('TOKEN_TTL', env.TOKEN_TTL, ACCESS_TOKEN_TTL_SECONDS),
    refreshTtl: int('REFRESH_TTL', env.REFRESH_TTL, 7 * 24 * 3600),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    captchaFixedCode: env.CAPTCHA_FIXED_CODE || undefined,
    tenantMode: bool(env.TENANT_MODE, false),
    switchMode: bool(env.SWITCH_MODE, false),
    tokenHeader: env.TOKEN_HEADER || TOKEN_HEADER,
    loginRateLimit: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    shellDir: env.SHELL_DIR,
    subappsDir: env.SUBAPPS_DIR,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    socialProviders: socialProviders(env.SOCIAL_PROVIDERS),
    ...overrides,
  };
}
