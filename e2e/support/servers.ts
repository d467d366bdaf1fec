/**
 * The servers the e2e run starts (global-setup.ts), shared with the specs.
 * E2E_PORT_BASE moves every port, so two runs on one machine do not collide.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 18080);
export const MAIN_PORT = BASE;
/** a second server with tenant mode and the captcha on, every captcha answering CAPTCHA_CODE */
export const CAPTCHA_PORT = BASE + 2;
export const CAPTCHA_CODE = '1234';
/** a third server whose access tokens live TOKEN_TTL_SECONDS, to see refresh work for real */
export const SHORT_TOKEN_PORT = BASE + 3;
export const TOKEN_TTL_SECONDS = 8;
/** a server export-fault.spec.ts starts, kills and starts again itself */
export const FAULT_PORT = BASE + 4;
/** a server of guide.spec.ts's own: the versions it publishes would greet every other scenario's user */
export const GUIDE_PORT = BASE + 5;
/** a server of subscription.spec.ts's own: a package about to end would remind every other scenario's user */
export const SUBSCRIBE_PORT = BASE + 6;
/** a server of uploads.spec.ts's own, its files in an S3 bucket (s3rver) the browser uploads to */
export const S3_FILES_PORT = BASE + 7;
/** servers of the flow specs' own (flow-leave.spec.ts restarts its own; both leave reminders to the admin) */
export const FLOW_LEAVE_PORT = BASE + 8;
export const FLOW_MODEL_PORT = BASE + 9;

/**
 * A stand-in third-party identity provider the social-login spec starts on this
 * port (support/fake-provider.ts); the main server knows it as 'gitee'.
 */
export const FAKE_PROVIDER_PORT = BASE + 10;
export const SOCIAL_SOURCE = 'gitee';
export const FAKE_PROVIDER_SECRET = 'provider-secret';

/** The origin the sub-app fixtures are deployed on (support/fixture-origin.ts): not the product's. */
export const FIXTURE_PORT = BASE + 11;
/** a server of resource-center.spec.ts's own: the object storage it enables would take every other spec's uploads */
export const RESOURCE_CENTER_PORT = BASE + 14;
export const FIXTURE_ORIGIN = `http://127.0.0.1:${FIXTURE_PORT}`;

export interface ServerSpec {
  name: string;
  port: number;
  env: Record<string, string>;
}

export const SERVERS: ServerSpec[] = [
  {
    name: 'main',
    port: MAIN_PORT,
    env: {
      CAPTCHA_ENABLED: 'false',
      // the shell may load sub-apps deployed there (its Content-Security-Policy)
      CORS_ORIGINS: FIXTURE_ORIGIN,
      SOCIAL_PROVIDERS: JSON.stringify({
        [SOCIAL_SOURCE]: {
          authorizeUrl: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/authorize`,
          tokenUrl: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/token`,
          userInfoUrl: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/user`,
          clientId: 'workbench-e2e',
          clientSecret: FAKE_PROVIDER_SECRET,
          // the provider sends the browser back to the login page, naming the source
          redirectUri: `http://localhost:${MAIN_PORT}/login?source=${SOCIAL_SOURCE}`,
        },
      }),
    },
  },
  { name: 'captcha', port: CAPTCHA_PORT, env: { CAPTCHA_ENABLED: 'true', CAPTCHA_FIXED_CODE: CAPTCHA_CODE, TENANT_MODE: 'true' } },
  { name: 'short-token', port: SHORT_TOKEN_PORT, env: { CAPTCHA_ENABLED: 'false', TOKEN_TTL: String(TOKEN_TTL_SECONDS) } },
];

export const baseUrl = (port: number) => `http://localhost:${port}`;
