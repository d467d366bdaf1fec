import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES, type TokenResponse } from '@wb/contracts/auth';
import { REGISTER_MESSAGES } from '@wb/contracts/validation';
import type { Db } from '../../db/client';
import { refreshToken, role, session, tenant, user } from '../../db/schema/index';
import type { SessionCheck } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { tenantScope, visible } from '../../platform/scope';
import { verifyPassword } from '../../platform/passwords';
import { dummyHash, LoginFailures } from '../../platform/login-limits';
import { newRefreshToken, openWith, sealWith, sha256, type TokenService } from '../../platform/tokens';
import type { OAuthClient } from './client-auth';

/** A refused grant: answered as OAuth2 error JSON, `{ error, error_description }`. */
export class GrantError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    description: string,
    /** extra fields of the answer (oauth_id of an unbound third-party identity) */
    readonly extra: Record<string, string> = {},
  ) {
    super(description);
  }
}

const invalidGrant = (msg: string) => new GrantError(400, 'invalid_grant', msg);

/**
 * How long a refresh token that a refresh has just replaced still answers, with the same new
 * pair: two tabs of the shell (or a retried request) refreshing at the same moment present the
 * same token, and the second must not count as theft and end the session. Past the window a used
 * token coming back is a replay and revokes the session, as before.
 */
export const REFRESH_GRACE_MS = 30_000;

/** Where a login came from: its address (also what failures are counted by) and its browser. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

/** Whether every id of the comma-joined `picked` is in the comma-joined `list`. */
const owns = (list: string, picked: string) => {
  const have = new Set(list.split(','));
  return picked.split(',').every((id) => !id || have.has(id));
};

type UserRow = typeof user.$inferSelect;

export interface SwitchChoice {
  deptId?: string;
  roleId?: string;
}

export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly sessions: SessionCheck,
    private readonly config: Config,
  ) {
    this.failures = new LoginFailures(db);
  }

  private readonly failures: LoginFailures;

  /**
   * grant_type=password: checks the tenant, the lock, the password; counts failures per account
   * and source address (platform/login-limits.ts). An unknown account takes the same path, the same
   * argon2 work and gets the same answers as a known one, so neither answer nor time tells them apart.
   * The lock is not the account's: it must not end the owner's sessions, or a guesser could log them out.
   */
  async passwordGrant(oauth: OAuthClient, tenantId: string, account: string, password: string, choice: SwitchChoice, origin: SessionOrigin): Promise<TokenResponse> {
    const source = origin.ip;
    const scope = tenantScope(tenantId);
    const t = await this.liveTenant(this.db, tenantId);
    const [u] = t
      ? await this.db
          .select()
          .from(user)
          .where(visible(user, scope, eq(user.account, account)))
          .limit(1)
      : [];
    // counted before the password is checked, so parallel guesses cannot outrun the lock
    const attempt = await this.failures.begin(tenantId, account, source);
    if (attempt === 'locked' || (u?.lockedUntil && u.lockedUntil.getTime() > Date.now())) throw invalidGrant(AUTH_MESSAGES.locked);
    const good = await verifyPassword(u?.password ?? (await dummyHash()), password);
    if (!u || !good) throw invalidGrant((await this.failures.fail(tenantId, account, source, attempt)) ? AUTH_MESSAGES.locked : AUTH_MESSAGES.badCredentials);
    await this.failures.clear(tenantId, account, source);
    // a registered guest waits for an administrator; any other status is a disabled account
    if (u.status === 0) throw invalidGrant(REGISTER_MESSAGES.pending);
    if (u.status !== 1) throw invalidGrant(AUTH_MESSAGES.disabled);
    if (u.failCount || u.lockedUntil) await this.db.update(user).set({ failCount: 0, lockedUntil: null }).where(eq(user.id, u.id));
    return this.startSession(oauth, u, choice, origin);
  }

  /** A user of `tenantId` already proven by another means (a third-party identity, a confirmed QR code): the same checks bar the door. */
  async loginAs(oauth: OAuthClient, tenantId: string, userId: number, origin: SessionOrigin): Promise<TokenResponse> {
    if (!(await this.liveTenant(this.db, tenantId))) throw invalidGrant(AUTH_MESSAGES.badCredentials);
    const [u] = await this.db
      .select()
      .from(user)
      .where(visible(user, tenantScope(tenantId), eq(user.id, userId)))
      .limit(1);
    if (!u) throw invalidGrant(AUTH_MESSAGES.badCredentials);
    if (u.status === 0) throw invalidGrant(REGISTER_MESSAGES.pending);
    if (u.status !== 1) throw invalidGrant(AUTH_MESSAGES.disabled);
    return this.startSession(oauth, u, {}, origin);
  }

  private async startSession(oauth: OAuthClient, u: UserRow, choice: SwitchChoice, origin: SessionOrigin): Promise<TokenResponse> {
    const { deptId, roleId } = this.choose(u, choice);
    const sid = randomUUID();
    await this.db.insert(session).values({
      id: sid,
      tenantId: u.tenantId,
      userId: u.id,
      clientId: oauth.clientId,
      deptId,
      roleId,
      expiresAt: new Date(Date.now() + oauth.refreshTokenValidity * 1000),
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    return this.issue(this.db, oauth, u, sid, deptId, roleId);
  }

  /**
   * grant_type=refresh_token: the presented token is used up and a new one issued in the
   * same session. A token that was already used means it was copied, so the whole session is
   * revoked, except within REFRESH_GRACE_MS of its use, when it answers the same new pair
   * again (two tabs refreshing at once). Each tenant named by the request must be the session's.
   */
  async refreshGrant(oauth: OAuthClient, presented: string, tenantIds: string[], choice: SwitchChoice): Promise<TokenResponse> {
    const hash = sha256(presented);
    const refused = () => new GrantError(401, 'invalid_grant', AUTH_MESSAGES.badRefresh);
    const outcome = await this.db.transaction(async (tx): Promise<{ replayed: string } | { answer: TokenResponse }> => {
      const db = tx as unknown as Db;
      // the row lock makes a concurrent refresh of the same token wait until this one has stored its answer
      const [rt] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, hash)).for('update');
      if (!rt) throw refused();
      const now = Date.now();
      if (rt.usedAt && (now - rt.usedAt.getTime() > REFRESH_GRACE_MS || !rt.reissue)) return { replayed: rt.sessionId };
      const [s] = await db.select().from(session).where(eq(session.id, rt.sessionId)).limit(1);
      // checked before anything is written: a refusal (a wrong tenant) leaves the token as it was, for the right request
      if (!s || s.revokedAt || rt.expiresAt.getTime() < now || s.clientId !== oauth.clientId || tenantIds.some((t) => t !== s.tenantId)) throw refused();
      // a removed tenant issues no more tokens, nor one whose licence expired (its access tokens are refused already)
      if (!(await this.liveTenant(db, s.tenantId))) throw refused();
      if (rt.usedAt && rt.reissue) {
        const again = openWith(presented, rt.reissue);
        if (!again) throw refused();
        return { answer: JSON.parse(again) as TokenResponse };
      }
      const [u] = await db
        .select()
        .from(user)
        .where(visible(user, tenantScope(s.tenantId), eq(user.id, s.userId)))
        .limit(1);
      if (!u || u.status !== 1 || (u.lockedUntil && u.lockedUntil.getTime() > now)) throw refused();
      // no new choice: keep the session's while the user still holds it, else act as the user now is (a login without a choice)
      const { deptId, roleId } =
        choice.deptId || choice.roleId ? this.choose(u, choice) : owns(u.roleId, s.roleId) && owns(u.deptId, s.deptId) ? { deptId: s.deptId, roleId: s.roleId } : this.choose(u, {});
      if (deptId !== s.deptId || roleId !== s.roleId) await db.update(session).set({ deptId, roleId }).where(eq(session.id, s.id));
      const answer = await this.issue(db, oauth, u, s.id, deptId, roleId);
      // Within the grace window the same answer must be given again, yet the new refresh token must
      // never be stored in the clear: the answer is sealed under a key derived from the presented token,
      // which the database does not hold (only its SHA-256). Whoever can open it already holds that token.
      await db
        .update(refreshToken)
        .set({ usedAt: new Date(now), reissue: sealWith(presented, JSON.stringify(answer)) })
        .where(eq(refreshToken.tokenHash, hash));
      return { answer };
    });
    if ('replayed' in outcome) {
      await this.revoke(outcome.replayed);
      throw refused();
    }
    return outcome.answer;
  }

  /** The tenant, when it exists; one whose licence has expired is refused ('租户授权已过期'). */
  private async liveTenant(db: Db, tenantId: string): Promise<typeof tenant.$inferSelect | undefined> {
    const [t] = await db
      .select()
      .from(tenant)
      .where(visible(tenant, tenantScope(tenantId), eq(tenant.tenantId, tenantId)))
      .limit(1);
    if (t?.expireTime && t.expireTime.getTime() <= Date.now()) throw invalidGrant(AUTH_MESSAGES.tenantExpired);
    return t;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
    this.sessions.forget(sessionId);
  }

  /** Dept and role to act as: the switch-mode choice when it belongs to the user, else all of them. */
  private choose(u: UserRow, choice: SwitchChoice): { deptId: string; roleId: string } {
    const own = (list: string, pick?: string) => {
      if (!pick) return list;
      if (!list.split(',').includes(pick)) throw invalidGrant(AUTH_MESSAGES.noRole);
      return pick;
    };
    const roleId = this.config.switchMode || choice.roleId ? own(u.roleId, choice.roleId) : u.roleId;
    const deptId = this.config.switchMode || choice.deptId ? own(u.deptId, choice.deptId) : u.deptId;
    if (!roleId) throw invalidGrant(AUTH_MESSAGES.noRole);
    return { deptId, roleId };
  }

  private async issue(db: Db, oauth: OAuthClient, u: UserRow, sid: string, deptId: string, roleId: string): Promise<TokenResponse> {
    const ttl = Math.min(this.config.tokenTtl, oauth.accessTokenValidity);
    const jti = randomUUID();
    const accessToken = await this.tokens.sign(
      { sid, tenant_id: u.tenantId, user_id: String(u.id), account: u.account, role_id: roleId, dept_id: deptId, client_id: oauth.clientId },
      ttl,
      jti,
    );
    const refresh = newRefreshToken();
    await db.insert(refreshToken).values({ tokenHash: sha256(refresh), sessionId: sid, expiresAt: new Date(Date.now() + oauth.refreshTokenValidity * 1000) });
    const roleIds = roleId.split(',').filter(Boolean).map(Number);
    const roles = roleIds.length ? await db.select({ roleAlias: role.roleAlias }).from(role).where(inArray(role.id, roleIds)) : [];
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: ttl,
      scope: 'all',
      jti,
      client_id: oauth.clientId,
      tenant_id: u.tenantId,
      user_id: String(u.id),
      dept_id: deptId,
      post_id: u.postId,
      role_id: roleId,
      oauth_id: '',
      account: u.account,
      user_name: u.account,
      nick_name: u.name,
      real_name: u.realName,
      role_name: roles.map((r) => r.roleAlias).join(','),
      avatar: u.avatar,
      detail: { type: 'web' },
    };
  }
}
