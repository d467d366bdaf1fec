import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { DEFAULT_TENANT_ID, TENANT_HEADER } from '@wb/contracts/constants';
import type { Db } from '../db/client';
import type { Changes } from './changes';
import { session, tenant, user } from '../db/schema/index';
import { badRequest, forbidden, unauthorized } from './envelope';
import type { AccessClaims, TokenService } from './tokens';

export interface AuthUser {
  userId: number;
  tenantId: string;
  account: string;
  roleIds: number[];
  deptId: string;
  sessionId: string;
  clientId: string;
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Reads the bearer token from the configured header or from `Authorization: Bearer`. */
export function bearerToken(req: FastifyRequest, tokenHeader: string): string | undefined {
  const strip = (v: string) => v.replace(/^bearer\s+/i, '').trim();
  const own = req.headers[tokenHeader.toLowerCase()];
  if (typeof own === 'string' && own.trim()) return strip(own);
  const auth = req.headers.authorization;
  if (auth && /^bearer\s+/i.test(auth)) return strip(auth);
  return undefined;
}

/** What a token says about whom it acts for; the session check holds it against the stored user. */
export type SessionClaims = Pick<AccessClaims, 'sid' | 'tenant_id' | 'user_id' | 'role_id' | 'dept_id'>;

/** A session found alive, with what its user may still act as (their current roles and departments). */
interface LiveSession {
  until: number;
  userId: number;
  tenantId: string;
  roles: Set<string>;
  depts: Set<string>;
}

const ids = (list: string) => list.split(',').filter(Boolean);

/**
 * Knows whether a session is still alive: not revoked nor expired, and its user still
 * exists, is not deleted, enabled (status 1), not locked, and still holds every role and
 * department the token claims. A role or department taken away ends the token; one added
 * is simply not in it until the next login or refresh. A removed or expired tenant ends them all. Comparing the claims with the user's
 * current columns (rather than a version counter) means no write path can forget to bump
 * anything. Changes made through this process are seen at once (forget, forgetUser); those
 * made by another instance within SESSION_CACHE_MS.
 */
export class SessionCheck {
  private readonly alive = new Map<string, LiveSession>();
  /** users changed lately: answers about them are not cached, so a read racing the change's commit is not kept */
  private readonly changed = new Map<number, number>();
  static readonly SESSION_CACHE_MS = 10_000;
  constructor(
    private readonly db: Db,
    private readonly changes?: Changes,
  ) {
    // a session revoked, a user changed or a tenant ended through any instance: checked afresh here
    changes?.on('sessions', (sid) => (sid === '*' ? this.alive.clear() : this.alive.delete(sid)));
    changes?.on('users', (detail) =>
      detail === '*'
        ? this.forgetAll()
        : this.forgetUser(
            ...ids(detail)
              .map(Number)
              .filter((n) => n > 0),
          ),
    );
    changes?.on('tenants', () => this.forgetAll());
  }

  async isAlive(claims: SessionClaims): Promise<boolean> {
    // not hearing the other instances (changes.ts), a cached answer may be one they changed
    let live = this.changes?.live === false ? undefined : this.alive.get(claims.sid);
    if (!live || live.until <= Date.now()) {
      live = await this.load(claims);
      if (!live) return false;
    }
    return (
      live.userId === Number(claims.user_id) &&
      live.tenantId === claims.tenant_id &&
      ids(claims.role_id).every((r) => live.roles.has(r)) &&
      ids(claims.dept_id).every((d) => live.depts.has(d))
    );
  }

  /**
   * One query: the session and its user, in the token's tenant, not soft-deleted. The conditions
   * visible() would write are spelled out because scope.ts imports this module (no import cycles).
   */
  private async load(claims: SessionClaims): Promise<LiveSession | undefined> {
    const now = Date.now();
    const [row] = await this.db
      .select({
        userId: session.userId,
        tenantId: session.tenantId,
        revokedAt: session.revokedAt,
        expiresAt: session.expiresAt,
        status: user.status,
        lockedUntil: user.lockedUntil,
        roleId: user.roleId,
        deptId: user.deptId,
        tenantExpires: tenant.expireTime,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      // a removed tenant, or one whose licence expired, ends its sessions too
      .innerJoin(tenant, and(eq(tenant.tenantId, session.tenantId), eq(tenant.isDeleted, 0)))
      .where(and(eq(session.id, claims.sid), eq(session.tenantId, claims.tenant_id), eq(user.tenantId, claims.tenant_id), eq(user.isDeleted, 0)));
    const ok =
      !!row &&
      !row.revokedAt &&
      row.expiresAt.getTime() > now &&
      row.status === 1 &&
      !(row.lockedUntil && row.lockedUntil.getTime() > now) &&
      !(row.tenantExpires && row.tenantExpires.getTime() <= now);
    if (!ok) {
      this.alive.delete(claims.sid);
      return undefined;
    }
    const live = { until: now + SessionCheck.SESSION_CACHE_MS, userId: row.userId, tenantId: row.tenantId, roles: new Set(ids(row.roleId)), depts: new Set(ids(row.deptId)) };
    if (!((this.changed.get(row.userId) ?? 0) > now) && this.changes?.live !== false) {
      if (this.alive.size > 50_000) this.alive.clear();
      this.alive.set(claims.sid, live);
    }
    return live;
  }

  /** The session was revoked (logout, a replayed refresh token): refused at once on every instance. */
  forget(sid: string): void {
    if (this.changes) this.changes.broadcast('sessions', sid);
    else this.alive.delete(sid);
  }

  /**
   * The users' passwords changed: every session of theirs ends, but `keep` (the session that made the
   * change), and with it its refresh tokens (a refresh reads the session). `db` is the change's
   * transaction: the other instances drop what they cached about the users when it commits.
   */
  async revokeUsers(db: Db, userIds: number[], keep?: string): Promise<void> {
    if (!userIds.length) return;
    await db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(inArray(session.userId, userIds), isNull(session.revokedAt), keep ? ne(session.id, keep) : undefined));
    if (this.changes) await announceUsers(this.changes, db, userIds);
    else this.forgetUser(...userIds);
  }

  /** Something every session may depend on changed (a tenant, or changes were missed): check them all afresh. */
  forgetAll(): void {
    this.alive.clear();
  }

  /**
   * The users were removed, disabled, locked or given other roles or departments: their
   * sessions are checked against the database again, at once on this instance. Called from
   * inside the change's transaction, so for one cache period nothing about them is cached
   * (a check racing the commit would otherwise keep the old state).
   */
  forgetUser(...userIds: number[]): void {
    if (!userIds.length) return;
    const now = Date.now();
    for (const [id, until] of this.changed) if (until <= now) this.changed.delete(id);
    for (const id of userIds) this.changed.set(id, now + SessionCheck.SESSION_CACHE_MS);
    const gone = new Set(userIds);
    for (const [sid, live] of this.alive) if (gone.has(live.userId)) this.alive.delete(sid);
  }
}

/** users named in one notification: 300 ids of at most 20 digits and their commas stay well under NOTIFY's 8,000 bytes */
const USERS_PER_NOTICE = 300;

/**
 * Tells every instance that the users changed (topic 'users'), in `db`'s transaction: as many
 * notifications as it takes to keep each payload under PostgreSQL's limit of 8,000 bytes (a
 * longer one fails the statement, and with it the change).
 */
export async function announceUsers(changes: Changes, db: Db, userIds: readonly (number | string)[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += USERS_PER_NOTICE) await changes.publish(db, 'users', userIds.slice(i, i + USERS_PER_NOTICE).join(','));
}

/** the tenant_id columns' length */
const TENANT_ID_LENGTH = 12;

/**
 * The tenant a request made before login names: `given` (a parameter), else the Tenant-Id header,
 * else the default tenant. A header longer than any tenant id is refused (400 naming it) before it
 * reaches a column it cannot fit, and so is a header sent twice (which would otherwise be read as none).
 */
export function namedTenant(req: FastifyRequest, given?: string): string {
  const header = req.headers[TENANT_HEADER.toLowerCase()];
  // two Tenant-Id headers name no one tenant: refused rather than taken as the default one
  if (Array.isArray(header)) throw badRequest(AUTH_MESSAGES.badTenant, TENANT_HEADER);
  const named = given || header || DEFAULT_TENANT_ID;
  if (named.length > TENANT_ID_LENGTH) throw badRequest(AUTH_MESSAGES.badTenant, TENANT_HEADER);
  return named;
}

/** Resolves the caller from the token; refuses a Tenant-Id header that disagrees with it. */
export async function resolveUser(req: FastifyRequest, tokens: TokenService, sessions: SessionCheck, tokenHeader: string): Promise<AuthUser | null> {
  const token = bearerToken(req, tokenHeader);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims || !(await sessions.isAlive(claims))) return null;
  return {
    userId: Number(claims.user_id),
    tenantId: claims.tenant_id,
    account: claims.account,
    roleIds: claims.role_id ? claims.role_id.split(',').map(Number) : [],
    deptId: claims.dept_id,
    sessionId: claims.sid,
    clientId: claims.client_id,
    exp: claims.exp,
  };
}

export function registerAuthentication(app: FastifyInstance, deps: { tokens: TokenService; sessions: SessionCheck; tokenHeader: string }): void {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    // routes that did not match (404) and public routes pass; the rest need a live token
    if (!req.routeOptions.url || req.routeOptions.config?.public) return;
    const user = await resolveUser(req, deps.tokens, deps.sessions, deps.tokenHeader);
    if (!user) throw unauthorized(AUTH_MESSAGES.unauthorized);
    const tenantHeader = req.headers[TENANT_HEADER.toLowerCase()];
    if (typeof tenantHeader === 'string' && tenantHeader && tenantHeader !== user.tenantId) throw forbidden(AUTH_MESSAGES.tenantMismatch);
    req.user = user;
  });
}

/** The caller of an authenticated route (the hook guarantees it is set). */
export function caller(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return req.user;
}
