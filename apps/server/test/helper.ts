import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TokenResponse } from '@wb/contracts/auth';
import { buildApp } from '../src/app';
import type { Config } from '../src/platform/config';
import type { AppContext } from '../src/platform/context';
import { scratchDatabase } from './support/scratch-database';

export const BASIC = `Basic ${Buffer.from('workbench:workbench_secret').toString('base64')}`;

/** Tokens of a test server are signed with this: a second server on its database reads them. */
export const TEST_JWT_SECRET = 'test-secret-for-this-file-only';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * A fresh, seeded server: in-memory PGlite by default; when TEST_DATABASE_URL is
 * set, a new database created on that PostgreSQL server for this file alone.
 */
export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'wb_test') : undefined;
  const { app, ctx } = await buildApp({
    env: {},
    // TEST_LOG=warn shows what the server logs (a job's failure, a dropped log batch) when a test fails for a reason it does not say
    logger: Boolean(process.env.TEST_LOG),
    config: {
      logLevel: process.env.TEST_LOG ?? 'info',
      dataDir: ':memory:',
      databaseUrl: scratch?.url,
      jwtSecret: TEST_JWT_SECRET,
      captchaEnabled: false,
      loginRateLimit: 10_000,
      ...overrides,
    },
  });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

export async function login(app: FastifyInstance, account = 'admin', tenantId = '000000', password = 'admin123', headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/us-auth/oauth/token',
    query: { tenantId, username: account, password, grant_type: 'password', scope: 'all', type: 'account' },
    headers: { authorization: BASIC, ...headers },
  });
  return { status: res.statusCode, body: res.json() as TokenResponse & { error?: string; error_description?: string } };
}

/** Logs in and returns a function that sends requests as that user. */
export async function as(app: FastifyInstance, account = 'admin', tenantId = '000000', password = 'admin123') {
  const { body, status } = await login(app, account, tenantId, password);
  if (status !== 200) throw new Error(`login ${account}@${tenantId} failed: ${JSON.stringify(body)}`);
  const call = (opts: InjectOptions) => app.inject({ ...opts, headers: { 'saas-auth': `bearer ${body.access_token}`, 'tenant-id': tenantId, ...opts.headers } });
  return { token: body, call };
}
