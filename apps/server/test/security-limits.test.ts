import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { REGISTER_MESSAGES } from '@wb/contracts/validation';
import { buildApp } from '../src/app';
import { captcha, role, user } from '../src/db/schema/index';
import { loadConfig } from '../src/platform/config';
import { hashPassword } from '../src/platform/passwords';
import { as, BASIC, testApp, type TestApp } from './helper';

// The login limits cannot be sidestepped: invented X-Forwarded-For buys nothing, the login routes
// share one allowance per address, an account has its own across addresses (past it, the captcha), an unknown account
// costs the same time as a known one, a lock binds the guesser's address and not the owner's, and
// guest registration is limited and needs the captcha in captcha mode.

// every argon2 verification is counted with the cost it was asked to pay (the real one still runs)
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const LIMIT = 5;
const TOO_MANY = '请求过于频繁, 请稍后再试';
const PASSWORD = 'Owner12345';

let t: TestApp;
/** a second server on the same database that trusts X-Forwarded-For from 127.0.0.1 (TRUST_PROXY=127.0.0.1) */
let proxied: FastifyInstance;
let proxiedConfig: { loginRateLimit: number };
let admin: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  t = await testApp({ loginRateLimit: LIMIT });
  const built = await buildApp({
    env: { TRUST_PROXY: '127.0.0.1' },
    logger: false,
    database: t.ctx.database,
    config: { dataDir: ':memory:', jwtSecret: 'test-secret-for-this-file-only', captchaEnabled: false, loginRateLimit: LIMIT },
  });
  await built.app.ready();
  proxied = built.app;
  proxiedConfig = built.ctx.config;
  // the administrator signs in from 127.0.0.1 of the first server; the tests below use other addresses there
  admin = await as(t.app);
  const { db } = t.ctx.database;
  const [plain] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'user')));
  const password = await hashPassword(PASSWORD);
  for (const account of ['sl_owner', 'sl_target', 'sl_timing', 'sl_other']) {
    await db.insert(user).values({ tenantId: '000000', account, password, name: account, roleId: String(plain.id) });
  }
});
afterAll(async () => {
  await proxied?.close();
  await t.close();
});

interface Attempt {
  account: string;
  password?: string;
  /** the TCP peer */
  from?: string;
  /** an X-Forwarded-For header */
  forwarded?: string;
  route?: 'token' | 'customLogin';
  tenantId?: string;
}

/** A password login; answers status and the refusal's message, whichever shape the route answers in. */
async function attempt(app: FastifyInstance, a: Attempt): Promise<{ status: number; msg: string }> {
  const params = { tenantId: a.tenantId ?? '000000', username: a.account, password: a.password ?? 'wrong-password', grant_type: 'password', scope: 'all' };
  const opts: InjectOptions = {
    method: 'POST',
    remoteAddress: a.from ?? '127.0.0.1',
    headers: { authorization: BASIC, ...(a.forwarded ? { 'x-forwarded-for': a.forwarded } : {}) },
    ...(a.route === 'customLogin' ? { url: '/us-user/customLogin', payload: params } : { url: '/us-auth/oauth/token', query: params }),
  };
  const res = await app.inject(opts);
  const body = res.json() as { error_description?: string; msg?: string };
  return { status: res.statusCode, msg: body.error_description ?? body.msg ?? '' };
}

describe('client addresses', () => {
  it('reads TRUST_PROXY as the proxies to believe, trusting none by default and refusing "trust everyone"', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: ':memory:', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ DATA_DIR: ':memory:', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: ':memory:', TRUST_PROXY: '2' })).toThrow(/hop count/);
  });

  it('gives invented X-Forwarded-For values no more attempts', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await attempt(t.app, { account: `ghost-xff-${i}`, from: '10.1.0.1', forwarded: `203.0.113.${i + 1}` }));
    expect(answers.slice(0, LIMIT).map((a) => a.status)).toEqual(Array(LIMIT).fill(400));
    expect(answers[LIMIT]).toEqual({ status: 429, msg: TOO_MANY });
  });

  it('honours X-Forwarded-For from a trusted proxy, and only from it', async () => {
    // through the proxy (127.0.0.1) every forwarded client has its own allowance
    for (let i = 0; i <= LIMIT + 1; i++) expect((await attempt(proxied, { account: `ghost-fwd-${i}`, forwarded: `198.51.100.${i + 1}` })).status).toBe(400);
    // a peer that is not the proxy names itself in vain
    const direct = [];
    for (let i = 0; i <= LIMIT; i++) direct.push((await attempt(proxied, { account: `ghost-direct-${i}`, from: '10.2.0.1', forwarded: `198.51.100.${i + 1}` })).status);
    expect(direct).toEqual([...Array(LIMIT).fill(400), 429]);
  });
});

describe('login allowances', () => {
  it('counts the token call and customLogin against one allowance per address', async () => {
    const from = '10.3.0.1';
    const routes = ['token', 'customLogin', 'token', 'customLogin', 'token'] as const;
    for (const [i, route] of routes.entries()) expect(await attempt(t.app, { account: `ghost-shared-${i}`, from, route })).toEqual({ status: 400, msg: AUTH_MESSAGES.badCredentials });
    expect(await attempt(t.app, { account: 'ghost-shared-x', from, route: 'customLogin' })).toEqual({ status: 429, msg: TOO_MANY });
    expect(await attempt(t.app, { account: 'ghost-shared-y', from, route: 'token' })).toEqual({ status: 429, msg: TOO_MANY });
  });

  it('asks an account past its allowance across addresses, over both routes, for the captcha, even with its right password', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const a = await attempt(proxied, { account: 'sl_target', forwarded: `192.0.2.${i + 1}`, route: i % 2 ? 'customLogin' : 'token' });
      expect(a).toEqual({ status: 400, msg: AUTH_MESSAGES.badCredentials });
    }
    expect(await attempt(proxied, { account: 'sl_target', password: PASSWORD, forwarded: '192.0.2.100' })).toEqual({ status: 400, msg: AUTH_MESSAGES.captchaRequired });
    expect(await attempt(proxied, { account: 'sl_target', forwarded: '192.0.2.101', route: 'customLogin' })).toEqual({ status: 400, msg: AUTH_MESSAGES.captchaRequired });
    // the allowance is the account's in its tenant: another account from a fresh address goes on, and so
    // does the same name in another tenant (a wrong password there, not a captcha)
    expect((await attempt(proxied, { account: 'sl_other', password: PASSWORD, forwarded: '192.0.2.102' })).status).toBe(200);
    expect(await attempt(proxied, { account: 'sl_target', tenantId: '100001', forwarded: '192.0.2.103' })).toEqual({ status: 400, msg: AUTH_MESSAGES.badCredentials });
  });
});

describe('unknown accounts', () => {
  it('cost one verification at the same argon2 cost as a known account with a wrong password, and get the same answer', async () => {
    proxiedConfig.loginRateLimit = 1000;
    try {
      const verified = vi.mocked(verify);
      // the cost a verification pays is written in the stored hash: $argon2id$v=19$m=…,t=…,p=…$
      const cost = (stored: string) => stored.split('$')[3];
      const expected = cost(await hashPassword('anything'));
      const took: Record<'unknown' | 'known', number[]> = { unknown: [], known: [] };
      const messages = new Set<string>();
      for (let i = 0; i < 11; i++) {
        for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          verified.mockClear();
          const started = performance.now();
          const a = await attempt(proxied, { account: kind === 'known' ? 'sl_timing' : 'sl_nobody', forwarded: `100.64.${kind === 'known' ? 1 : 2}.${i + 1}` });
          const ms = performance.now() - started;
          messages.add(`${a.status} ${a.msg}`);
          // the work that takes the time is the same: exactly one verification, at the same cost
          expect(verified.mock.calls.map(([stored]) => cost(String(stored)))).toEqual([expected]);
          if (i > 0) took[kind].push(ms); // the first round warms up
        }
      }
      expect([...messages]).toEqual([`400 ${AUTH_MESSAGES.badCredentials}`]);
      // and, coarsely (a busy machine moves single samples), the clock agrees
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const [u, k] = [median(took.unknown), median(took.known)];
      expect(Math.max(u, k) / Math.min(u, k)).toBeLessThan(3);
    } finally {
      proxiedConfig.loginRateLimit = LIMIT;
    }
  });

  it('are locked after five wrong passwords like a known one', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await attempt(proxied, { account: 'sl_ghost', forwarded: '100.64.3.1' })).msg);
    expect(answers).toEqual([...Array(4).fill(AUTH_MESSAGES.badCredentials), AUTH_MESSAGES.locked]);
  });

  it('look like every other account in the tenant list', async () => {
    const list = async (account: string) => (await t.app.inject({ method: 'GET', url: '/us-user/queryTenantList', query: { account }, remoteAddress: '10.4.0.1' })).json();
    const known = await list('sl_owner');
    expect(known).toMatchObject({ code: 200, data: [{ tenantId: '000000' }] });
    expect(await list('sl_nobody_here')).toEqual(known);
    // an account in several tenants too: the list is the login page's default, whoever asks
    expect(await list('admin')).toEqual(known);
  });

  it('get a masked phone from the password retrieval, the same each time, and then fail as a wrong phone does', async () => {
    const from = '10.5.0.1';
    const info = async (account: string) => (await t.app.inject({ method: 'GET', url: '/us-user/retrieve/user-info', query: { account }, remoteAddress: from })).json();
    const real = await info('admin');
    expect(real).toMatchObject({ code: 200, data: { account: 'admin', phone: '138****0000' } });
    const ghost = await info('sl_nobody_here');
    expect(ghost).toMatchObject({ code: 200, success: true, data: { account: 'sl_nobody_here' } });
    expect(ghost.data.phone).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    expect((await info('sl_nobody_here')).data.phone).toBe(ghost.data.phone);
    // the next step, with a right picture code: the unknown account is refused as a wrong phone is
    const send = async (account: string, phone: string) => {
      const { key } = (await t.app.inject({ method: 'GET', url: '/us-user/retrieve/captcha', remoteAddress: '10.5.0.2' })).json();
      const [row] = await t.ctx.database.db.select().from(captcha).where(eq(captcha.key, key));
      const res = await t.app.inject({
        method: 'GET',
        url: '/us-user/retrieve/sendMessage',
        query: { account, phone },
        headers: { 'captcha-key': key, 'captcha-code': row.code },
        remoteAddress: '10.5.0.2',
      });
      return res.json().msg;
    };
    expect(await send('admin', '13900000000')).toBe('手机号码与账号不匹配');
    expect(await send('sl_nobody_here', '13900000000')).toBe('手机号码与账号不匹配');
  });

  it('cannot be looked up faster than the per-address limit, whatever X-Forwarded-For says', async () => {
    for (const url of ['/us-user/queryTenantList', '/us-user/retrieve/user-info']) {
      const statuses = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await t.app.inject({ method: 'GET', url, query: { account: `probe${i}` }, remoteAddress: '10.6.0.1', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    }
  });
});

describe('lockout', () => {
  it("locks the guesser's address, not the owner's; unlock lifts every source", async () => {
    proxiedConfig.loginRateLimit = 1000;
    try {
      const attacker = '198.51.100.66';
      const owner = '192.0.2.10';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await attempt(proxied, { account: 'sl_owner', forwarded: attacker })).msg);
      expect(answers).toEqual([...Array(4).fill(AUTH_MESSAGES.badCredentials), AUTH_MESSAGES.locked]);
      // the guesser's address is locked even for the right password
      expect(await attempt(proxied, { account: 'sl_owner', password: PASSWORD, forwarded: attacker })).toEqual({ status: 400, msg: AUTH_MESSAGES.locked });
      // the owner, at their own desk, gets in
      expect((await attempt(proxied, { account: 'sl_owner', password: PASSWORD, forwarded: owner })).status).toBe(200);
      expect((await attempt(proxied, { account: 'sl_owner', password: PASSWORD, forwarded: attacker })).msg).toBe(AUTH_MESSAGES.locked);
      // the user list shows the lock, and unlocking lifts it at every address
      const page = async () => (await admin.call({ method: 'GET', url: '/us-user/page', query: { account: 'sl_owner' } })).json().data.records;
      expect((await page())[0].locked).toBe(1);
      const id = (await page())[0].id;
      expect((await admin.call({ method: 'POST', url: '/us-user/unlock', query: { userIds: id } })).json()).toMatchObject({ code: 200, msg: '解锁成功' });
      expect((await page())[0].locked).toBe(0);
      expect((await attempt(proxied, { account: 'sl_owner', password: PASSWORD, forwarded: attacker })).status).toBe(200);
    } finally {
      proxiedConfig.loginRateLimit = LIMIT;
    }
  });

  it('does not let parallel guesses from one address outrun the lock', async () => {
    proxiedConfig.loginRateLimit = 1000;
    try {
      const guesses = await Promise.all(Array.from({ length: 12 }, () => attempt(proxied, { account: 'sl_other', forwarded: '198.51.100.77' })));
      // at most five were checked (four refused as wrong, the fifth locks); the rest were refused as locked
      expect(guesses.filter((g) => g.msg === AUTH_MESSAGES.badCredentials).length).toBeLessThanOrEqual(4);
      expect(guesses.filter((g) => g.msg === AUTH_MESSAGES.locked).length).toBeGreaterThanOrEqual(8);
      expect((await attempt(proxied, { account: 'sl_other', password: PASSWORD, forwarded: '198.51.100.77' })).msg).toBe(AUTH_MESSAGES.locked);
    } finally {
      proxiedConfig.loginRateLimit = LIMIT;
    }
  });
});

describe('guest registration', () => {
  const register = (account: string, opts: { from: string; forwarded?: string; headers?: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/us-user/register-guest',
      payload: { tenantId: '000000', account, password: 'Guest12345' },
      remoteAddress: opts.from,
      headers: { ...(opts.forwarded ? { 'x-forwarded-for': opts.forwarded } : {}), ...opts.headers },
    });

  it('is limited per address, whatever X-Forwarded-For says', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await register(`sl_guest_${i}`, { from: '10.7.0.1', forwarded: `203.0.113.${i + 1}` })).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('needs the captcha in captcha mode', async () => {
    t.ctx.config.captchaEnabled = true;
    try {
      const without = await register('sl_guest_captcha', { from: '10.8.0.1' });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({ success: false, msg: AUTH_MESSAGES.badCaptcha });
      const { key } = (await t.app.inject({ method: 'GET', url: '/us-auth/oauth/captcha', remoteAddress: '10.8.0.1' })).json();
      const wrong = await register('sl_guest_captcha', { from: '10.8.0.1', headers: { 'captcha-key': key, 'captcha-code': 'zzzz' } });
      expect(wrong.json().msg).toBe(AUTH_MESSAGES.badCaptcha);
      const again = (await t.app.inject({ method: 'GET', url: '/us-auth/oauth/captcha', remoteAddress: '10.8.0.1' })).json();
      const [row] = await t.ctx.database.db.select().from(captcha).where(eq(captcha.key, again.key));
      const right = await register('sl_guest_captcha', { from: '10.8.0.1', headers: { 'captcha-key': again.key, 'captcha-code': row.code } });
      expect(right.json()).toMatchObject({ code: 200, success: true, msg: REGISTER_MESSAGES.submitted });
    } finally {
      t.ctx.config.captchaEnabled = false;
    }
    // and without captcha mode none is asked for
    expect((await register('sl_guest_plain', { from: '10.8.0.2' })).json()).toMatchObject({ code: 200, msg: REGISTER_MESSAGES.submitted });
  });
});
