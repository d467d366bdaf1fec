import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_HEADER } from '@wb/contracts/constants';

/** Everything the server reads from the environment, with the defaults the README documents. */
export interface Config {
  port: number;
  host: string;
  /** absent → embedded PGlite in dataDir */
  databaseUrl?: string;
  /** when set, the rate limits count in this Redis instead of the database (platform/rate-store.ts) */
  redisUrl?: string;
  /** folder of the embedded database, the JWT secret and uploaded files; ':memory:' keeps nothing */
  dataDir: string;
  jwtSecret: string;
  /** encrypts stored secrets (datasource passwords): platform/secrets.ts */
  secretKey: string;
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
  /** proxies whose X-Forwarded-For names the client (Fastify's trustProxy), addresses or CIDRs; false: none, the client is the connection's peer */
  trustProxy: false | string[];
  /** folder of the built shell to serve; absent or missing → API only */
  shellDir?: string;
  /** folder holding the sub-apps built here (each <name>/dist is served at /subapps/<name>/) */
  subappsDir?: string;
  /** origins allowed to call the API from a browser (sub-apps deployed elsewhere); the pages may also load code and data from them (CSP) */
  corsOrigins: string[];
  /** hosts or origins besides this site that may show the workbench in a frame (CSP frame-ancestors) */
  frameHosts: string[];
  /** hosts or origins besides this site the workbench may show in a frame (CSP frame-src; /myiframe's VITE_IFRAME_HOSTS) */
  embedHosts: string[];
  /** origins of the API when the shell calls it elsewhere (CSP connect-src; the shell's ENVIRONMENTS apiBase) */
  apiOrigins: string[];
  logLevel: string;
  /** server processes on this machine (node:cluster), each a full instance on the same PostgreSQL */
  workers: number;
  /** on SIGTERM or SIGINT: how long requests and downloads under way may take to finish */
  shutdownDrainSeconds: number;
  /** GET /metrics answers a scraper sending this bearer token, or calling from `metricsAllow` (platform/metrics.ts) */
  metricsToken?: string;
  metricsAllow: string[];
  /** OpenTelemetry traces go to this OTLP/HTTP collector (platform/tracing.ts); none without it */
  otlpEndpoint?: string;
  /** third-party identity providers for the code-grant login, by source name */
  socialProviders: Record<string, SocialProvider>;
  /** a running job (an export) that has not reported for this long lost its process: retried once, then failed */
  jobStaleSeconds: number;
  /** every request recorded in the API log, every 5xx in the error log (API_LOG, on unless 'false') */
  apiLog: boolean;
  /** how often each instance looks for flow timers that are due (FLOW_TIMER_POLL_MS) */
  flowTimerPollMs: number;
  /** the largest file the general upload and the signed-URL upload take (UPLOAD_MAX_BYTES) */
  uploadMaxBytes: number;
  /** S3-compatible object storage for uploaded and exported files (S3_BUCKET set); absent: local disk in dataDir */
  s3?: S3Settings;
  /** internal addresses the server may still reach for tenants and administrators (OUTBOUND_ALLOW: CIDRs, addresses, host names; platform/outbound.ts) */
  outboundAllow: string[];
}

/** Where the S3-compatible store is (S3_* variables). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** the service's address (MinIO, Ceph, OSS, COS …); absent: AWS's own for the region */
  endpoint?: string;
  /** absent: the AWS SDK's default chain (environment, profile, instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name; most services other than AWS need it */
  forcePathStyle: boolean;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default credentials');
  if (env.S3_ENDPOINT && !/^https?:\/\/[^\s/]+\/?$/.test(env.S3_ENDPOINT)) throw new Error(`S3_ENDPOINT must be an http(s) origin, got '${env.S3_ENDPOINT}'`);
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, !!env.S3_ENDPOINT),
  };
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

/** A list of hosts or origins for the security headers: 'https://a.example.com', 'a.example.com:8443', '*.example.com'. */
function hostList(name: string, v: string | undefined, dflt: string): string[] {
  const list = (v ?? dflt)
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // anything else could smuggle a directive into the Content-Security-Policy header
  for (const h of list) if (!/^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(h)) throw new Error(`${name}: '${h}' is not a host or an origin`);
  return list;
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

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: empty trusts no proxy, so a client cannot name its own address in X-Forwarded-For
 * and escape the per-address limits; else comma-separated addresses or CIDRs of the proxies (or
 * proxy-addr's names loopback, linklocal, uniquelocal). 'true' (trust everyone) is refused: it is
 * the mistake this setting exists to prevent. So is a hop count: it cannot tell the proxy from a
 * client that connects directly and sends enough hops itself, and Fastify 5 silently ignores it.
 */
function trustProxy(v: string | undefined): false | string[] {
  const s = (v ?? '').trim();
  if (!s) return false;
  if (/^\d+$/.test(s)) throw new Error(`TRUST_PROXY must name the proxies' addresses or CIDRs, not a hop count ('${s}'): a hop count cannot tell a proxy from a client`);
  const list = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!PROXY_NAMES.includes(entry) && !isCidr(entry)) throw new Error(`TRUST_PROXY must be comma-separated addresses or CIDRs of the proxies, got '${entry}'`);
  }
  return list;
}

/** An address, or a network as address/prefix length ('10.0.0.0/8', 'fd00::/8'). */
function isCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  return family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
}

/**
 * OUTBOUND_ALLOW: the internal addresses (loopback, private, link-local …) that configurations
 * of tenants and administrators may still reach, comma-separated CIDRs, addresses and host
 * names ('10.0.0.0/8,minio.internal'); empty, none of them. A name is allowed whatever it resolves to.
 */
function outboundAllow(v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!isCidr(entry) && !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(entry)) throw new Error(`OUTBOUND_ALLOW must be comma-separated CIDRs, addresses or host names, got '${entry}'`);
  }
  return list;
}

/** The secret is generated once and kept beside the data so tokens (or encrypted values) survive restarts. */
function secretFor(dataDir: string, name: string, given?: string): string {
  if (given) return given;
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  const file = join(dataDir, name);
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
    redisUrl: env.REDIS_URL || undefined,
    dataDir,
    jwtSecret: secretFor(dataDir, 'jwt-secret', overrides.jwtSecret ?? env.JWT_SECRET),
    secretKey: secretFor(dataDir, 'secret-key', overrides.secretKey ?? env.SECRET_KEY),
    tokenTtl: int('TOKEN_TTL', env.TOKEN_TTL, ACCESS_TOKEN_TTL_SECONDS),
    refreshTtl: int('REFRESH_TTL', env.REFRESH_TTL, 7 * 24 * 3600),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    captchaFixedCode: env.CAPTCHA_FIXED_CODE || undefined,
    tenantMode: bool(env.TENANT_MODE, false),
    switchMode: bool(env.SWITCH_MODE, false),
    tokenHeader: env.TOKEN_HEADER || TOKEN_HEADER,
    loginRateLimit: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    trustProxy: trustProxy(env.TRUST_PROXY),
    shellDir: env.SHELL_DIR,
    subappsDir: env.SUBAPPS_DIR,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    frameHosts: hostList('FRAME_HOSTS', env.FRAME_HOSTS, ''),
    // the shell's default /myiframe hosts (VITE_IFRAME_HOSTS): the two lists should agree
    embedHosts: hostList('EMBED_HOSTS', env.EMBED_HOSTS, 'report.example.com,parking.example.com'),
    // the API hosts of the shell's deployments (apps/shell/src/shared/env.ts ENVIRONMENTS)
    apiOrigins: hostList('API_ORIGINS', env.API_ORIGINS, 'https://uat-api.workbench.example.com,https://gray-api.workbench.example.com,https://test-api.workbench.example.com'),
    logLevel: env.LOG_LEVEL || 'info',
    workers: int('WORKERS', env.WORKERS, 1),
    shutdownDrainSeconds: int('SHUTDOWN_DRAIN_SECONDS', env.SHUTDOWN_DRAIN_SECONDS, 30),
    metricsToken: env.METRICS_TOKEN || undefined,
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    metricsAllow: (env.METRICS_ALLOW ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    socialProviders: socialProviders(env.SOCIAL_PROVIDERS),
    jobStaleSeconds: int('JOB_STALE_SECONDS', env.JOB_STALE_SECONDS, 30),
    flowTimerPollMs: int('FLOW_TIMER_POLL_MS', env.FLOW_TIMER_POLL_MS, 5000),
    apiLog: env.API_LOG !== 'false',
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, 20 * 1024 * 1024),
    s3: s3Settings(env),
    outboundAllow: outboundAllow(env.OUTBOUND_ALLOW),
    ...overrides,
  };
}
