import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@wb/contracts/auth';
import { buildApp } from '../src/app';
import { refreshToken } from '../src/db/schema/index';
import { sha256 } from '../src/platform/tokens';
import { BASIC, testApp, type TestApp } from './helper';

// The server's own logger (pino, through Fastify) writes to a stream this file reads: every secret a
// caller sends (in the URL, the body or a header) and every value of a failed query must be missing
// from it, while the request lines themselves are there.

const CAPTCHA = 'Qz7Wk9';
const PASSWORD = 'admin123';
const WRONG_PASSWORD = 'Wr0ng&Pass=§9';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
/** Every value that must never be in the log; checked after each test. */
const secrets = new Set<string>([CAPTCHA, PASSWORD, WRONG_PASSWORD, BASIC.slice('Basic '.length)]);
let lastAccessToken = '';

beforeAll(async () => {
  // the helper opens (and later drops) this file's database; the app under test shares it, with its log captured
  t = await testApp();
  ({ app } = await buildApp({
    env: {},
    database: t.ctx.database,
    logStream: { write: (line: string) => void lines.push(line) },
    config: { dataDir: ':memory:', jwtSecret: 'test-secret-for-this-file-only', captchaEnabled: true, captchaFixedCode: CAPTCHA, loginRateLimit: 10_000, logLevel: 'info' },
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const log = () => lines.join('');
const entries = () => lines.map((l) => JSON.parse(l) as { msg?: string; req?: { method: string; url: string }; err?: { message: string; stack: string; type: string } });

/** None of the secrets, in any spelling a URL or a log line might give it. */
function expectNoSecrets() {
  const text = log().toLowerCase();
  for (const s of secrets) {
    for (const form of new Set([s, encodeURIComponent(s), new URLSearchParams({ s }).toString().slice(2), JSON.stringify(s).slice(1, -1)])) {
      expect(text, `the log holds ${form}`).not.toContain(form.toLowerCase());
    }
  }
}

async function captchaKey(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/us-auth/oauth/captcha' });
  return (res.json() as { key: string }).key;
}

function remember(token: TokenResponse) {
  expect(token.access_token).toBeTruthy();
  secrets.add(token.access_token);
  lastAccessToken = token.access_token;
  secrets.add(token.refresh_token);
  secrets.add(sha256(token.refresh_token));
  return token;
}

describe('the log never holds a secret', () => {
  it('logs a query-string login as its method and path with the password and the captcha code hidden', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/us-auth/oauth/token?tenantId=000000&username=admin&password=${PASSWORD}&grant_type=password&scope=all`,
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA },
    });
    expect(res.statusCode).toBe(200);
    remember(res.json());
    const wrong = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: WRONG_PASSWORD, grant_type: 'password' },
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA },
    });
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: '用户名或密码错误' });

    const logged = entries().filter((e) => e.msg === 'incoming request' && e.req?.url.startsWith('/us-auth/oauth/token?'));
    expect(logged).toHaveLength(2);
    expect(logged[0].req).toMatchObject({ method: 'POST', url: '/us-auth/oauth/token?tenantId=000000&username=admin&password=***&grant_type=password&scope=all' });
    expect(logged[1].req!.url).toContain('password=***');
    expectNoSecrets();
  });

  it('takes the credentials from a form body (OAuth2), which the body wins over the query string, and logs a URL without them', async () => {
    const before = lines.length;
    const res = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      payload: new URLSearchParams({ tenantId: '000000', username: 'admin', password: PASSWORD, grant_type: 'password', scope: 'all' }).toString(),
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA, ...FORM },
    });
    expect(res.statusCode).toBe(200);
    expect(remember(res.json())).toMatchObject({ account: 'admin', tenant_id: '000000' });
    // a field in both places: the body's value is the one used (here the right password over a wrong one)
    const both = await app.inject({
      method: 'POST',
      url: `/us-auth/oauth/token?password=${encodeURIComponent(WRONG_PASSWORD)}&grant_type=refresh_token`,
      payload: new URLSearchParams({ tenantId: '000000', username: 'admin', password: PASSWORD, grant_type: 'password' }).toString(),
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA, ...FORM },
    });
    expect(both.statusCode).toBe(200);
    remember(both.json());
    // the form parser serves the token call only
    const other = await app.inject({ method: 'POST', url: '/us-user/customLogin', payload: 'username=admin', headers: { authorization: BASIC, ...FORM } });
    expect(other.statusCode).toBe(415);

    const urls = entries()
      .slice(before)
      .filter((e) => e.msg === 'incoming request' && e.req?.method === 'POST')
      .map((e) => e.req!.url);
    expect(urls).toEqual(['/us-auth/oauth/token', '/us-auth/oauth/token?password=***&grant_type=refresh_token', '/us-user/customLogin']);
    expectNoSecrets();
  });

  it('hides refresh tokens (query string and body), an access token in the URL and an authorization code', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      payload: new URLSearchParams({ tenantId: '000000', username: 'admin', password: PASSWORD, grant_type: 'password' }).toString(),
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA, ...FORM },
    });
    const first = remember(login.json());
    const byQuery = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      query: { tenantId: '000000', grant_type: 'refresh_token', refresh_token: first.refresh_token },
      headers: { authorization: BASIC },
    });
    expect(byQuery.statusCode).toBe(200);
    const second = remember(byQuery.json());
    const byBody = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      payload: new URLSearchParams({ tenantId: '000000', grant_type: 'refresh_token', refresh_token: second.refresh_token }).toString(),
      headers: { authorization: BASIC, ...FORM },
    });
    expect(byBody.statusCode).toBe(200);
    const third = remember(byBody.json());

    const check = await app.inject({ method: 'GET', url: '/us-auth/oauth/checkToken', query: { access_token: third.access_token } });
    expect(check.json()).toMatchObject({ success: true, data: { active: true, account: 'admin' } });
    const info = await app.inject({ method: 'GET', url: '/us-user/info', headers: { 'saas-auth': `bearer ${third.access_token}`, 'tenant-id': '000000' } });
    expect(info.statusCode).toBe(200);
    const code = 'authz-code-5f3a9c';
    secrets.add(code);
    const social = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      query: { grant_type: 'social', source: 'gitee', code, state: 'some-state', tenantId: '000000' },
      headers: { authorization: BASIC },
    });
    expect(social.statusCode).toBeGreaterThanOrEqual(400);

    const urls = entries()
      .filter((e) => e.msg === 'incoming request')
      .map((e) => `${e.req!.method} ${e.req!.url}`);
    expect(urls).toContain('POST /us-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=***');
    expect(urls).toContain('GET /us-auth/oauth/checkToken?access_token=***');
    expect(urls).toContain('GET /us-user/info');
    expect(urls).toContain('POST /us-auth/oauth/token?grant_type=social&source=gitee&code=***&state=some-state&tenantId=000000');
    expectNoSecrets();
  });

  it('logs a failed query (a 500) with its SQL but without its parameters, the refresh token hash', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      payload: new URLSearchParams({ tenantId: '000000', username: 'admin', password: PASSWORD, grant_type: 'password' }).toString(),
      headers: { authorization: BASIC, 'captcha-key': await captchaKey(), 'captcha-code': CAPTCHA, ...FORM },
    });
    const token = remember(login.json());
    const { db } = t.ctx.database;
    // the refresh's query then fails for real: its parameter is the presented token's hash
    await db.execute(sql`alter table refresh_token rename to refresh_token_away`);
    let res;
    try {
      res = await app.inject({
        method: 'POST',
        url: '/us-auth/oauth/token',
        payload: new URLSearchParams({ tenantId: '000000', grant_type: 'refresh_token', refresh_token: token.refresh_token }).toString(),
        headers: { authorization: BASIC, ...FORM },
      });
    } finally {
      await db.execute(sql`alter table refresh_token_away rename to refresh_token`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, msg: '操作失败' });

    const failed = entries().filter((e) => e.msg === 'unhandled error');
    expect(failed).toHaveLength(1);
    expect(failed[0].err!.message).toContain('Failed query: select');
    expect(failed[0].err!.message).toContain('refresh_token');
    expect(failed[0].err!.message).toContain('params: ***');
    expect(failed[0].err!.stack).toContain('params: ***');
    expectNoSecrets();
  });

  it("hides the values PostgreSQL puts in a constraint violation's detail, and secret-named fields of anything logged", async () => {
    const hash = sha256('a-refresh-token-that-was-never-issued');
    secrets.add(hash);
    const { db } = t.ctx.database;
    const row = { tokenHash: hash, sessionId: 'no-session', expiresAt: new Date(Date.now() + 60_000) };
    await db.insert(refreshToken).values(row);
    const err = await db
      .insert(refreshToken)
      .values(row)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    app.log.error({ err }, 'duplicate refresh token');
    const password = 'n3w-Pa55word!';
    const secret = 'client-secret-77aa';
    secrets.add(password);
    secrets.add(secret);
    app.log.warn({ body: { account: 'admin', newPassword: password, nested: [{ client_secret: secret }] }, headers: { 'saas-auth': `bearer ${lastAccessToken}` } }, 'a body');
    app.log.info(`called /us-auth/oauth/token?username=admin&password=${encodeURIComponent(password)}`);

    const logged = entries();
    const duplicate = logged.find((e) => e.msg === 'duplicate refresh token')!;
    // the column and the constraint stay, so the line still says what went wrong
    expect(JSON.stringify(duplicate.err)).toContain('Key (token_hash)=(***) already exists');
    expect(JSON.stringify(logged.find((e) => e.msg === 'a body'))).toContain('"account":"admin"');
    expect(logged.some((e) => e.msg === 'called /us-auth/oauth/token?username=admin&password=***')).toBe(true);
    expectNoSecrets();
  });
});
