import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, loginFailure } from '../src/db/schema/index';
import { as, BASIC, login, testApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/us-auth/oauth/token',
    query: { tenantId: '000000', grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
    headers: { authorization: BASIC, ...headers },
  });

describe('password grant', () => {
  it('answers raw OAuth2 JSON with the user, tenant and role', async () => {
    const { status, body } = await login(t.app);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', tenant_id: '000000', account: 'admin', role_name: 'administrator', expires_in: 28800 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body).not.toHaveProperty('code');
  });

  it('refuses a wrong password with error_description', async () => {
    const { status, body } = await login(t.app, 'user', '000000', 'wrong-password');
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
  });

  it('refuses an unknown account the same way as a wrong password', async () => {
    const { body } = await login(t.app, 'nobody');
    expect(body.error_description).toBe('用户名或密码错误');
  });

  it('refuses a wrong client secret (fails closed)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/us-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: 'admin123', grant_type: 'password' },
      headers: { authorization: `Basic ${Buffer.from('workbench:guess').toString('base64')}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: '客户端认证失败' });
  });

  it('refuses a request without client authorization', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/us-auth/oauth/token', query: { username: 'admin', password: 'admin123', grant_type: 'password' } });
    expect(res.statusCode).toBe(401);
  });

  it('names the field when the grant type is wrong', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/us-auth/oauth/token', query: { username: 'admin', password: 'x', grant_type: 'magic' }, headers: { authorization: BASIC } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('grant_type');
  });

  it('locks the account for 30 minutes after five wrong passwords', async () => {
    const { db } = t.ctx.database;
    // the count and lock are per account and source address (security-limits.test.ts covers the sources)
    const mine = and(eq(loginFailure.account, 'user'), eq(loginFailure.tenantId, '000000'));
    await db.delete(loginFailure).where(mine);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await login(t.app, 'user', '000000', 'bad')).body.error_description);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('用户名或密码错误'));
    expect(answers[4]).toContain('锁定30分钟');
    // the right password is refused while locked
    expect((await login(t.app, 'user', '000000', 'admin123')).body.error_description).toContain('锁定30分钟');
    const [after] = await db.select().from(loginFailure).where(mine);
    expect(after.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    await db.delete(loginFailure).where(mine);
    expect((await login(t.app, 'user', '000000', 'admin123')).status).toBe(200);
  });
});

describe('captcha', () => {
  it('gives an image and a key, and a login needs the right code exactly once', async () => {
    t.ctx.config.captchaEnabled = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/captcha' });
      const { key, image } = res.json();
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      const [row] = await t.ctx.database.db.select().from(captcha).where(eq(captcha.key, key));
      expect((await login(t.app)).body.error_description).toBe('验证码不正确');
      const good = { 'captcha-key': key, 'captcha-code': row.code.toUpperCase() };
      expect((await login(t.app, 'admin', '000000', 'admin123', good)).status).toBe(200);
      // single use: the same key and code do not work twice
      expect((await login(t.app, 'admin', '000000', 'admin123', good)).body.error_description).toBe('验证码不正确');
    } finally {
      t.ctx.config.captchaEnabled = false;
    }
  });

  it('refuses a wrong code and uses the captcha up', async () => {
    t.ctx.config.captchaEnabled = true;
    try {
      const { key } = (await t.app.inject({ method: 'GET', url: '/us-auth/oauth/captcha' })).json();
      expect((await login(t.app, 'admin', '000000', 'admin123', { 'captcha-key': key, 'captcha-code': 'zzzz' })).body.error_description).toBe('验证码不正确');
      expect(await t.ctx.database.db.select().from(captcha).where(eq(captcha.key, key))).toHaveLength(0);
    } finally {
      t.ctx.config.captchaEnabled = false;
    }
  });
});

describe('tokens and sessions', () => {
  it('rotates the refresh token: each refresh hands out a new one that works', async () => {
    const first = (await login(t.app)).body;
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    // a replay of a replaced token, inside and after the two-tab window: security-session.test.ts
  });

  it('refreshes through customRefreshToken in the envelope', async () => {
    const first = (await login(t.app)).body;
    const res = await t.app.inject({
      method: 'POST',
      url: '/us-user/customRefreshToken',
      headers: { authorization: BASIC },
      payload: { tenantId: '000000', refresh_token: first.refresh_token },
    });
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { tenant_id: '000000', account: 'admin' } });
  });

  it('logout revokes the session: the access and refresh tokens stop working', async () => {
    const { token, call } = await as(t.app);
    expect((await call({ method: 'GET', url: '/us-auth/oauth/logout' })).json()).toMatchObject({ code: 200, success: true });
    expect((await call({ method: 'GET', url: '/us-auth/oauth/user-info' })).statusCode).toBe(401);
    expect((await refresh(token.refresh_token)).statusCode).toBe(401);
    const check = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/checkToken', query: { access_token: token.access_token } });
    expect(check.json().data).toEqual({ active: false });
  });

  it('checkToken tells a live token from an expired or forged one', async () => {
    const { token } = await as(t.app);
    const live = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/checkToken', query: { access_token: token.access_token } });
    expect(live.json().data).toMatchObject({ active: true, tenant_id: '000000', account: 'admin' });
    const forged = token.access_token.slice(0, -4) + 'AAAA';
    expect((await t.app.inject({ method: 'GET', url: '/us-auth/oauth/checkToken', query: { access_token: forged } })).json().data.active).toBe(false);
  });

  it('answers 401 in the envelope for a missing or expired token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/user-info' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 401, success: false });
    const { token } = await as(t.app);
    const claims = (await t.ctx.tokens.verify(token.access_token))!;
    const expired = await t.ctx.tokens.sign({ ...claims }, -60, 'expired');
    const res = await t.app.inject({ method: 'GET', url: '/us-system/param/list', headers: { 'saas-auth': `bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the token in Authorization: Bearer too', async () => {
    const { token } = await as(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/userinfo', headers: { authorization: `Bearer ${token.access_token}` } });
    expect(res.json().data).toMatchObject({ account: 'admin', tenantId: '000000' });
  });

  it('refuses a Tenant-Id header that disagrees with the token', async () => {
    const { call } = await as(t.app);
    const res = await call({ method: 'GET', url: '/us-system/param/list', headers: { 'tenant-id': '100001' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, success: false, msg: '租户信息不一致' });
  });
});

describe('session calls of the shell', () => {
  it("answers the login page's default tenant for any account (the answer tells nothing of the account's tenants)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/us-user/queryTenantList', query: { account: 'admin' } });
    expect(res.json().data).toEqual([{ tenantId: '000000', tenantName: expect.any(String) }]);
    const bad = await t.app.inject({ method: 'GET', url: '/us-user/queryTenantList' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请先输入账号名称');
  });

  it('gives the old-platform user info and the project list of the tenant', async () => {
    const { call } = await as(t.app);
    const info = (await call({ method: 'GET', url: '/us/authority/sys/get-user-info' })).json().data;
    expect(info).toMatchObject({ account: 'admin', tenant_code: '000000', role_name: '超级管理员' });
    const projects = (await call({ method: 'GET', url: '/us/authority/biz/project/projectList', query: { username: 'admin' } })).json().data;
    expect(projects.length).toBe(10);
    const other = await as(t.app, 'admin', '100001');
    const theirs = (await other.call({ method: 'GET', url: '/us/authority/biz/project/projectList' })).json().data;
    expect(theirs.map((p: { name: string }) => p.name)).toEqual(['西溪园区', '滨江园区']);
  });

  it('tells the login page whether tenant mode and captcha are on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/us-auth/oauth/login-settings' });
    expect(res.json().data).toEqual({ tenantMode: false, captchaEnabled: false, tokenTtl: 28800, defaultTenantId: '000000', socialSources: [] });
  });
});
