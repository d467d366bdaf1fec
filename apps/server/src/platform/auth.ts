import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import { TENANT_HEADER } from '@wb/contracts/constants';
import type { Db } from '../db/client';
import { session } from '../db/schema/index';
import { forbidden, unauthorized } from './envelope';
import type { TokenService } from './tokens';

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

/**
 * Knows whether a session is still alive. Revocations made by this process are
 * seen at once; those made by another instance within SESSION_CACHE_MS.
 */
export class SessionCheck {
  private readonly alive = new Map<string, number>();
  static readonly SESSION_CACHE_MS = 10_000;
  constructor(private readonly db: Db) {}

  async isAlive(sid: string): Promise<boolean> {
    const until = this.alive.get(sid);
    if (until && until > Date.now()) return true;
    const [row] = await this.db.select({ revokedAt: session.revokedAt, expiresAt: session.expiresAt }).from(session).where(eq(session.id, sid));
    const ok = !!row && !row.revokedAt && row.expiresAt.getTime() > Date.now();
    if (ok) {
      if (this.alive.size > 50_000) this.alive.clear();
      this.alive.set(sid, Date.now() + SessionCheck.SESSION_CACHE_MS);
    } else this.alive.delete(sid);
    return ok;
  }

  forget(sid: string): void {
    this.alive.delete(sid);
  }
}

/** Resolves the caller from the token; refuses a Tenant-Id header that disagrees with it. */
export async function resolveUser(req: FastifyRequest, tokens: TokenService, sessions: SessionCheck, tokenHeader: string): Promise<AuthUser | null> {
  const token = bearerToken(req, tokenHeader);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims || !(await sessions.isAlive(claims.sid))) return null;
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
