import { eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@wb/contracts/auth';
import { refreshToken, session, user } from '../src/db/schema/index';
import { REFRESH_GRACE_MS } from '../src/modules/auth/login-service';
import { SessionCheck } from '../src/platform/auth';
import { sha256 } from '../src/platform/tokens';
import { as, BASIC, login, testApp, type TestApp } from './helper';

// Tokens die with the account (deleted, disabled, locked, roles taken away), a token without exp
// is refused, and the refresh grant survives two tabs refreshing at once but not a late replay.

const SECRET = 'test-secret-for-this-file-only';
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
let plainRole: string;
let adminRole: string;
let dept: string;

beforeAll(async () => {
  t = await testApp({ jwtSecret: SECRET });
  admin = await as(t.app);
  const roles = (await admin.call({ method: 'GET', url: '/us-system/role/lazy-list' })).json().data as { id: string; roleAlias: string }[];
  plainRole = roles.find((r) => r.roleAlias === 'user')!.id;
  adminRole = roles.find((r) => r.roleAlias === 'administrator')!.id;
  dept = (await admin.call({ method: 'GET', url: '/us-system/dept/lazy-list' })).json().data[0].id;
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const PASSWORD = 'Sess1234';
let seq = 0;

/** A new user with the plain role, signed in: their token and a way to call as them. */
async function newUser() {
  const account = `sess.user${++seq}`;
  const made = await admin.call({ method: 'POST', url: '/us-user/submit', payload: { account, password: PASSWORD, name: account, realName: account, roleId: plainRole, deptId: dept } });
  expect(made.json()).toMatchObject({ code: 200, success: true });
  const { status, body } = await login(t.app, account, '000000', PASSWORD);
  expect(status).toBe(200);
  return { id: made.json().data.id as string, token: body, ...caller(body.access_token) };
}

function caller(accessToken: string) {
  const headers = { 'saas-auth': `bearer ${accessToken}`, 'tenant-id': '000000' };
  return {
    /** a call the plain role is granted (the parameter list) */
    params: () => t.app.inject({ method: 'GET', url: '/us-system/param/list', headers }),
    me: () => t.app.inject({ method: 'GET', url: '/us-auth/oauth/user-info', headers }),
    active: async () => (await t.app.inject({ method: 'GET', url: '/us-auth/oauth/checkToken', query: { access_token: accessToken } })).json().data.active as boolean,
  };
}

const refresh = (token: string, tenantId = '000000', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/us-auth/oauth/token',
    query: { tenantId, grant_type: 'refresh_token', refresh_token: token, scope: 'all' },
    headers: { authorization: BASIC, ...headers },
  });

/** The token works before the change: the later refusal is the change's doing. */
async function expectAlive(u: ReturnType<typeof caller>) {
  expect((await u.params()).statusCode).toBe(200);
  expect(await u.active()).toBe(true);
}

async function expectDead(u: ReturnType<typeof caller>) {
  const res = await u.params();
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 401, success: false });
  expect((await u.me()).statusCode).toBe(401);
  expect(await u.active()).toBe(false);
}

describe('a token dies with its account', () => {
  it('a deleted user: the next call is 401 and checkToken says inactive', async () => {
    const u = await newUser();
    await expectAlive(u);
    expect((await admin.call({ method: 'POST', url: '/us-user/remove', query: { ids: u.id } })).json()).toMatchObject({ code: 200, success: true });
    await expectDead(u);
    // the refresh token is refused as well
    expect((await refresh(u.token.refresh_token)).statusCode).toBe(401);
  });

  it('a disabled user (status 0), written by another instance: refused once the cache period has passed', async () => {
    const u = await newUser();
    await expectAlive(u);
    // no call of this instance made the change, so only the database knows
    await t.ctx.database.db
      .update(user)
      .set({ status: 0 })
      .where(eq(user.id, Number(u.id)));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + SessionCheck.SESSION_CACHE_MS + 1000);
    await expectDead(u);
    expect((await refresh(u.token.refresh_token)).statusCode).toBe(401);
  });

  it('a locked user (as the lockout writes it, on another instance): refused within the cache period; unlocking restores the token', async () => {
    const u = await newUser();
    await expectAlive(u);
    await t.ctx.database.db
      .update(user)
      .set({ lockedUntil: new Date(Date.now() + 30 * 60_000) })
      .where(eq(user.id, Number(u.id)));
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + SessionCheck.SESSION_CACHE_MS + 1000);
    await expectDead(u);
    expect((await refresh(u.token.refresh_token)).statusCode).toBe(401);
    clock.mockRestore();
    // the administrator unlocks: the same token is good again (nothing was revoked, the lock was the reason)
    expect((await admin.call({ method: 'POST', url: '/us-user/unlock', query: { userIds: u.id } })).json()).toMatchObject({ code: 200, msg: '解锁成功' });
    await expectAlive(u);
  });

  it('a user whose roles were changed: the old token is refused, a refresh carries the new roles', async () => {
    const u = await newUser();
    await expectAlive(u);
    const detail = (await admin.call({ method: 'GET', url: '/us-user/detail', query: { id: u.id } })).json().data;
    const changed = await admin.call({ method: 'POST', url: '/us-user/update', payload: { ...detail, roleId: adminRole } });
    expect(changed.json()).toMatchObject({ code: 200, success: true, data: { roleId: adminRole } });
    await expectDead(u);
    // the session itself is fine: a refresh gives a token with the roles the user holds now
    const next = await refresh(u.token.refresh_token);
    expect(next.statusCode).toBe(200);
    expect(next.json().role_id).toBe(adminRole);
    await expectAlive(caller(next.json().access_token));
  });

  it('a token signed with the right secret but without exp is refused', async () => {
    const u = await newUser();
    const claims = t.ctx.tokens.verify(u.token.access_token)!;
    const { exp: _exp, ...rest } = claims;
    const forever = createSigner({ key: SECRET, algorithm: 'HS256', noTimestamp: true })({ ...rest, jti: 'no-exp' });
    // the same claims with exp are accepted: only the missing exp is the difference
    const withExp = createSigner({ key: SECRET, algorithm: 'HS256', noTimestamp: true })({ ...rest, exp: Math.floor(Date.now() / 1000) + 600, jti: 'with-exp' });
    await expectAlive(caller(withExp));
    await expectDead(caller(forever));
  });
});

describe('refresh: two tabs at once, a late replay, the wrong tenant', () => {
  it('refreshes with the same token at the same moment (two tabs, or four) all succeed with the same pair, and the session goes on', async () => {
    const first = (await login(t.app)).body;
    // four at once: with only two, the client check (argon2) often finishes them far enough apart not to overlap
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(first.refresh_token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs = answers.map((r) => r.json() as TokenResponse);
    const pa = pairs[0];
    for (const p of pairs) expect([p.access_token, p.refresh_token]).toEqual([pa.access_token, pa.refresh_token]);
    expect(pa.refresh_token).not.toBe(first.refresh_token);
    // another tab a moment later gets it too
    expect((await refresh(first.refresh_token)).json().refresh_token).toBe(pa.refresh_token);
    await expectAlive(caller(pa.access_token));
    const later = await refresh(pa.refresh_token);
    expect(later.statusCode).toBe(200);
    await expectAlive(caller(later.json().access_token));
    // the database holds neither the plain refresh token nor the access token it answers with
    const rows = await t.ctx.database.db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, sha256(first.refresh_token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(pa.refresh_token);
    expect(JSON.stringify(rows)).not.toContain(pa.access_token);
    expect(JSON.stringify(rows)).not.toContain(first.refresh_token);
  });

  it('a used refresh token coming back after the grace window revokes the whole session', async () => {
    const first = (await login(t.app)).body;
    const second = (await refresh(first.refresh_token)).json() as TokenResponse;
    await expectAlive(caller(second.access_token));
    // the first refresh happened longer ago than the window
    await t.ctx.database.db
      .update(refreshToken)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshToken.tokenHash, sha256(first.refresh_token)));
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    await expectDead(caller(second.access_token));
    const [s] = await t.ctx.database.db
      .select()
      .from(session)
      .where(eq(session.id, t.ctx.tokens.verify(second.access_token)!.sid));
    expect(s.revokedAt).not.toBeNull();
  });

  it('a refresh naming another tenant is refused without using the token up; the right tenant then works', async () => {
    const first = (await login(t.app)).body;
    const wrongParam = await refresh(first.refresh_token, '100001');
    expect(wrongParam.statusCode).toBe(401);
    expect(wrongParam.json().error).toBe('invalid_grant');
    const wrongHeader = await refresh(first.refresh_token, '000000', { 'tenant-id': '100001' });
    expect(wrongHeader.statusCode).toBe(401);
    // not used up, and the session was not revoked as a replay
    await expectAlive(caller(first.access_token));
    const right = await refresh(first.refresh_token);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ tenant_id: '000000', account: 'admin' });
    await expectAlive(caller(right.json().access_token));
  });
});
