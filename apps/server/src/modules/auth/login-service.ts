import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES, type TokenResponse } from '@wb/contracts/auth';
import { LOGIN_FAIL_LIMIT, LOGIN_LOCK_MINUTES } from '@wb/contracts/constants';
import { REGISTER_MESSAGES } from '@wb/contracts/validation';
import type { Db } from '../../db/client';
import { refreshToken, role, session, tenant, user } from '../../db/schema/index';
import type { SessionCheck } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { tenantScope, visible } from '../../platform/scope';
import { verifyPassword } from '../../platform/passwords';
import { newRefreshToken, sha256, type TokenService } from '../../platform/tokens';
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
  ) {}

  /** grant_type=password: checks the tenant, the lock, the password; counts failures. */
  async passwordGrant(oauth: OAuthClient, tenantId: string, account: string, password: string, choice: SwitchChoice): Promise<TokenResponse> {
    const scope = tenantScope(tenantId);
    const [t] = await this.db.select().from(tenant).where(visible(tenant, scope)).limit(1);
    if (!t) throw invalidGrant(AUTH_MESSAGES.badCredentials);
    if (t.expireTime && t.expireTime.getTime() < Date.now()) throw invalidGrant(AUTH_MESSAGES.tenantExpired);
    const [u] = await this.db
      .select()
      .from(user)
      .where(visible(user, scope, eq(user.account, account)))
      .limit(1);
    if (!u) throw invalidGrant(AUTH_MESSAGES.badCredentials);
    if (u.lockedUntil && u.lockedUntil.getTime() > Date.now()) throw invalidGrant(AUTH_MESSAGES.locked);
    if (!(await verifyPassword(u.password, password))) {
      const fails = u.failCount + 1;
      const lock = fails >= LOGIN_FAIL_LIMIT;
      await this.db
        .update(user)
        .set(lock ? { failCount: 0, lockedUntil: new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000) } : { failCount: fails })
        .where(eq(user.id, u.id));
      throw invalidGrant(lock ? AUTH_MESSAGES.locked : AUTH_MESSAGES.badCredentials);
    }
    // a registered guest waits for an administrator; any other status is a disabled account
    if (u.status === 0) throw invalidGrant(REGISTER_MESSAGES.pending);
    if (u.status !== 1) throw invalidGrant(AUTH_MESSAGES.disabled);
    if (u.failCount || u.lockedUntil) await this.db.update(user).set({ failCount: 0, lockedUntil: null }).where(eq(user.id, u.id));
    return this.startSession(oauth, u, choice);
  }

  /** A user of `tenantId` already proven by another means (a third-party identity): the same checks bar the door. */
  async loginAs(oauth: OAuthClient, tenantId: string, userId: number): Promise<TokenResponse> {
    const [u] = await this.db
      .select()
      .from(user)
      .where(visible(user, tenantScope(tenantId), eq(user.id, userId)))
      .limit(1);
    if (!u) throw invalidGrant(AUTH_MESSAGES.badCredentials);
    if (u.status === 0) throw invalidGrant(REGISTER_MESSAGES.pending);
    if (u.status !== 1) throw invalidGrant(AUTH_MESSAGES.disabled);
    return this.startSession(oauth, u, {});
  }

  private async startSession(oauth: OAuthClient, u: UserRow, choice: SwitchChoice): Promise<TokenResponse> {
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
    });
    return this.issue(oauth, u, sid, deptId, roleId);
  }

  /**
   * grant_type=refresh_token: the presented token is used up and a new one issued
   * in the same session. A token that was already used means it was copied, so the
   * whole session is revoked.
   */
  async refreshGrant(oauth: OAuthClient, presented: string, tenantId: string | undefined, choice: SwitchChoice): Promise<TokenResponse> {
    const hash = sha256(presented);
    const [used] = await this.db
      .update(refreshToken)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshToken.tokenHash, hash), isNull(refreshToken.usedAt)))
      .returning();
    if (!used) {
      const [seen] = await this.db.select({ sessionId: refreshToken.sessionId }).from(refreshToken).where(eq(refreshToken.tokenHash, hash)).limit(1);
      if (seen) await this.revoke(seen.sessionId);
      throw new GrantError(401, 'invalid_grant', AUTH_MESSAGES.badRefresh);
    }
    const [s] = await this.db.select().from(session).where(eq(session.id, used.sessionId)).limit(1);
    if (!s || s.revokedAt || used.expiresAt.getTime() < Date.now() || s.clientId !== oauth.clientId || (tenantId && tenantId !== s.tenantId)) {
      throw new GrantError(401, 'invalid_grant', AUTH_MESSAGES.badRefresh);
    }
    const [u] = await this.db
      .select()
      .from(user)
      .where(visible(user, tenantScope(s.tenantId), eq(user.id, s.userId)))
      .limit(1);
    if (!u || u.status !== 1) throw new GrantError(401, 'invalid_grant', AUTH_MESSAGES.badRefresh);
    const { deptId, roleId } = choice.deptId || choice.roleId ? this.choose(u, choice) : { deptId: s.deptId, roleId: s.roleId };
    if (deptId !== s.deptId || roleId !== s.roleId) await this.db.update(session).set({ deptId, roleId }).where(eq(session.id, s.id));
    return this.issue(oauth, u, s.id, deptId, roleId);
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

  private async issue(oauth: OAuthClient, u: UserRow, sid: string, deptId: string, roleId: string): Promise<TokenResponse> {
    const ttl = Math.min(this.config.tokenTtl, oauth.accessTokenValidity);
    const jti = randomUUID();
    const accessToken = await this.tokens.sign(
      { sid, tenant_id: u.tenantId, user_id: String(u.id), account: u.account, role_id: roleId, dept_id: deptId, client_id: oauth.clientId },
      ttl,
      jti,
    );
    const refresh = newRefreshToken();
    await this.db.insert(refreshToken).values({ tokenHash: sha256(refresh), sessionId: sid, expiresAt: new Date(Date.now() + oauth.refreshTokenValidity * 1000) });
    const roleIds = roleId.split(',').filter(Boolean).map(Number);
    const roles = roleIds.length ? await this.db.select({ roleAlias: role.roleAlias }).from(role).where(inArray(role.id, roleIds)) : [];
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
