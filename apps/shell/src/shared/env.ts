import { TOKEN_HEADER } from '@wb/contracts/constants';

/**
 * Build-time settings and the environment table. Tenant mode and captcha mode
 * are not here: the server decides them at runtime (GET /us-auth/oauth/login-settings).
 */
/** Vite's build variables are strings, and an unset one is absent (its own typing says `any`). */
const vars = import.meta.env as Partial<Record<`VITE_${string}`, string>>;

function codes(list: string | undefined): number[] {
  return (list ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n !== 0);
}

function words(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The deployments: production, uat, gray and test, each with its own API host and client. */
export type EnvironmentName = 'production' | 'uat' | 'gray' | 'test';

export interface Environment {
  name: EnvironmentName;
  /** page origins (scheme://host[:port]) served by this environment */
  origins: string[];
  /** '' calls the page's own origin */
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Where each environment is deployed. The page's origin picks the row; any
 * other origin (a laptop, the e2e server, a new deployment) is production on
 * its own origin, with the build-time overrides below. The client secret is not
 * a secret in a browser app: the server also checks the grant types per client.
 */
export const ENVIRONMENTS: Environment[] = [
  { name: 'uat', origins: ['https://uat.workbench.example.com'], apiBase: 'https://uat-api.workbench.example.com', clientId: 'workbench', clientSecret: 'workbench_secret' },
  { name: 'gray', origins: ['https://gray.workbench.example.com'], apiBase: 'https://gray-api.workbench.example.com', clientId: 'workbench', clientSecret: 'workbench_secret' },
  {
    name: 'test',
    origins: ['https://test.workbench.example.com'],
    apiBase: 'https://test-api.workbench.example.com',
    clientId: 'workbench_test',
    clientSecret: 'workbench_test_secret',
  },
];

export const PRODUCTION: Environment = {
  name: 'production',
  origins: [],
  apiBase: vars.VITE_API_BASE ?? '',
  clientId: vars.VITE_CLIENT_ID || 'workbench',
  clientSecret: vars.VITE_CLIENT_SECRET || 'workbench_secret',
};

export function chooseEnvironment(origin: string, table: Environment[] = ENVIRONMENTS, fallback: Environment = PRODUCTION): Environment {
  const wanted = origin.toLowerCase().replace(/\/+$/, '');
  return table.find((env) => env.origins.some((o) => o.toLowerCase() === wanted)) ?? fallback;
}

/**
 * Retired addresses: a page opened on `from` (a
 * host) says the address is offline and moves to `to` (an origin), keeping the
 * path. VITE_OBSOLETE_DOMAINS adds rows as `old.host=>https://new.host,…`.
 */
export interface ObsoleteDomain {
  from: string;
  to: string;
}

export const OBSOLETE_DOMAINS: ObsoleteDomain[] = [
  { from: 'workbench.old-example.com', to: 'https://workbench.example.com' },
  ...words(vars.VITE_OBSOLETE_DOMAINS).flatMap((pair) => {
    const [from, to] = pair.split('=>').map((s) => s.trim());
    return from && to ? [{ from, to }] : [];
  }),
];

/** The address to move to when the page's host is retired, else undefined. */
export function obsoleteRedirect(location: Pick<Location, 'host' | 'pathname' | 'search' | 'hash'>, table: ObsoleteDomain[] = OBSOLETE_DOMAINS): string | undefined {
  const row = table.find((d) => d.from.toLowerCase() === location.host.toLowerCase());
  if (!row) return undefined;
  return `${row.to.replace(/\/+$/, '')}${location.pathname}${location.search}${location.hash}`;
}

const current = typeof window === 'undefined' ? PRODUCTION : chooseEnvironment(window.location.origin);

export const appEnv = {
  environment: current.name,
  apiBase: current.apiBase,
  clientId: current.clientId,
  clientSecret: current.clientSecret,
  tokenHeader: TOKEN_HEADER,
  /** body codes that reject with the raw response instead of showing a message */
  codeWhitelist: codes(vars.VITE_CODE_WHITELIST),
  /**
   * Hosts /myiframe may embed besides the shell's own origin. Anything else is
   * refused with a link to open it in a new window: an embedded page can phish
   * inside the workbench's frame.
   */
  iframeHosts: words(vars.VITE_IFRAME_HOSTS ?? 'report.example.com,parking.example.com'),
  /**
   * Auto-lock after this many idle minutes (0 = off). It only locks a session
   * that has a lock password; the stored value 'idleLockMinutes' overrides it per
   * browser (tests use a fraction of a minute).
   */
  idleLockMinutes: Number(vars.VITE_IDLE_LOCK_MINUTES ?? 30),
  /**
   * Third-party login providers shown on the login page, until the server lists
   * its configured ones (login settings `socialSources`).
   */
  socialSources: words(vars.VITE_SOCIAL_SOURCES),
  /**
   * Kept-alive sub-apps mounted at once; the least recently used beyond this
   * is destroyed (each holds an iframe and its heap). The stored value
   * 'subAppKeepAlive' overrides it per browser (tests, benchmarks).
   */
  subAppKeepAlive: Number(vars.VITE_SUBAPP_KEEP_ALIVE ?? 5),
  /** A sub-app not mounted after this long (120 s unless set) has failed to load. */
  subAppLoadTimeoutMs: Number(vars.VITE_SUBAPP_LOAD_TIMEOUT_MS ?? 120_000),
} as const;

export function basicAuthorization(clientId: string = appEnv.clientId, secret: string = appEnv.clientSecret): string {
  return `Basic ${btoa(`${clientId}:${secret}`)}`;
}
