import { randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_FAIL_LIMIT, LOGIN_LOCK_MINUTES } from '@wb/contracts/constants';
import type { Db } from '../db/client';
import { loginFailure } from '../db/schema/index';
import { ApiError } from './envelope';
import { loginFailures } from './metrics';
import { hashPassword } from './passwords';

// What keeps password guessing slow and blind: the per-address allowance of the login routes, the
// per-account allowance (past it, a captcha), the per-(account, source) lockout, and the argon2 work
// an unknown account costs.

export const TOO_MANY_REQUESTS = '请求过于频繁, 请稍后再试';

/**
 * The client's address as the limits and the lockout know it: `req.ip`, which believes
 * X-Forwarded-For only from the proxies TRUST_PROXY names; an IPv6 client by its /64 (one host
 * holds a whole /64), as @fastify/rate-limit keys it.
 */
export const sourceOf = (req: FastifyRequest): string => normalizeIP(req.ip, 64);

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the parameters of passwords.ts, made once. An unknown account
 * is verified against it so that it costs the same argon2 work as a known one with a wrong
 * password: the time of the answer does not tell which accounts exist.
 */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64')));

/** The rows of one account: its lock and count at every source. */
const ofAccount = (tenantId: string, account: string) => and(eq(loginFailure.tenantId, tenantId.slice(0, 12)), eq(loginFailure.account, account.slice(0, 64)));

/**
 * Wrong passwords per (tenant, account, source address): LOGIN_FAIL_LIMIT of them lock the account
 * for LOGIN_LOCK_MINUTES at that address only. A lock keyed by the account alone would let anyone
 * who knows an account name lock its owner out of their own desk; keyed by the address too, the
 * guesser is stopped (and slowed further by the per-account captcha, see loginLimits) while the
 * owner's own address still gets in with the right password.
 */
export class LoginFailures {
  constructor(private readonly db: Db) {
    // made at start-up, so the first unknown account does not answer slower than the rest
    void dummyHash();
  }

  private key(tenantId: string, account: string, source: string): SQL {
    return and(ofAccount(tenantId, account), eq(loginFailure.source, source.slice(0, 64)))!;
  }

  /**
   * Counts an attempt BEFORE the password is checked, so that many guesses sent at once cannot
   * all pass the lock check before the first failure is written. Answers 'locked', or the
   * attempt's number since the last success (the one that reaches the limit may still succeed).
   */
  async begin(tenantId: string, account: string, source: string): Promise<'locked' | number> {
    const [row] = await this.db
      .insert(loginFailure)
      .values({ tenantId: tenantId.slice(0, 12), account: account.slice(0, 64), source: source.slice(0, 64), failCount: 1 })
      .onConflictDoUpdate({
        target: [loginFailure.tenantId, loginFailure.account, loginFailure.source],
        set: {
          failCount: sql`case when ${loginFailure.lockedUntil} > now() then ${loginFailure.failCount} else ${loginFailure.failCount} + 1 end`,
          updateTime: sql`now()`,
        },
      })
      .returning({ count: loginFailure.failCount, locked: sql<boolean>`coalesce(${loginFailure.lockedUntil} > now(), false)` });
    if (row.locked) return 'locked';
    // attempts beyond the limit that raced past the one that should have locked: lock now
    if (row.count > LOGIN_FAIL_LIMIT) {
      await this.lock(tenantId, account, source);
      return 'locked';
    }
    return row.count;
  }

  /** A wrong password on attempt `attempt` (already counted by begin): true when it locks. */
  async fail(tenantId: string, account: string, source: string, attempt: number): Promise<boolean> {
    loginFailures.inc();
    if (attempt < LOGIN_FAIL_LIMIT) return false;
    await this.lock(tenantId, account, source);
    return true;
  }

  /** The right password: this source starts afresh (other sources keep their counts and locks). */
  async clear(tenantId: string, account: string, source: string): Promise<void> {
    await this.db.delete(loginFailure).where(this.key(tenantId, account, source));
  }

  private async lock(tenantId: string, account: string, source: string): Promise<void> {
    await this.db
      .update(loginFailure)
      .set({ failCount: 0, lockedUntil: sql`now() + ${sql.raw(`interval '${LOGIN_LOCK_MINUTES} minutes'`)}`, updateTime: sql`now()` })
      .where(this.key(tenantId, account, source));
    // rows of guesses long past are swept here (locks are rare) instead of by a timer
    await this.db.delete(loginFailure).where(sql`${loginFailure.updateTime} < now() - interval '1 day' and coalesce(${loginFailure.lockedUntil} < now(), true)`);
  }
}

/** An administrator's unlock (or a new password): the accounts' counts and locks at every source are lifted. */
export async function liftLocks(db: Db, accounts: { tenantId: string; account: string }[]): Promise<void> {
  if (!accounts.length) return;
  await db.delete(loginFailure).where(or(...accounts.map((a) => ofAccount(a.tenantId, a.account))));
}

/** Whether the user row (its tenant and account columns) is locked at any source now, for the user list. */
export const lockedAnywhere = (tenantId: PgColumn, account: PgColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${loginFailure} where ${loginFailure.tenantId} = ${tenantId} and ${loginFailure.account} = ${account} and ${loginFailure.lockedUntil} > now())`;

export interface LoginLimits {
  /** onRequest hook of every login route: they share one allowance per client address */
  perAddress: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Counts a password attempt against its account (tenant and account name), whatever address it
   * comes from; true once the account is past its allowance: the login then needs a captcha.
   */
  overAccount: (req: FastifyRequest, tenantId: string, account: string) => Promise<boolean>;
}

/**
 * The login allowances, `max()` calls a minute each (read per request). @fastify/rate-limit's
 * route config gives every route its own counter, so `/oauth/token` and `/customLogin` would each
 * grant the full allowance; one limiter made here with createRateLimit and called from every login
 * route keeps one counter. Past the per-address allowance the answer is 429.
 *
 * The per-account counter is a second limiter keyed by tenant and account, counted where the
 * parameters are known. Past it the login is not refused but asks for the captcha: a refusal would
 * let anyone who knows an account name keep its owner out from every address (and, keyed by the
 * name alone, the same name in every other tenant); a captcha stops a script and costs the owner
 * one picture. Unknown accounts are counted alike, so the captcha says nothing of existence.
 * Counters live in the database (platform/rate-store.ts), shared by every instance, as the route limits are.
 */
export function loginLimits(app: FastifyInstance, max: () => number): LoginLimits {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({ max: () => max(), timeWindow: 60_000 });
  const byAccount = app.createRateLimit({ max: () => max(), timeWindow: 60_000, keyGenerator: (req) => `account:${accountOf.get(req) ?? ''}` });
  return {
    perAddress: async (req, reply) => {
      const r = await byAddress(req);
      if (!r.isAllowed && r.isExceeded) {
        void reply.header('retry-after', r.ttlInSeconds);
        throw new ApiError(429, TOO_MANY_REQUESTS);
      }
    },
    overAccount: async (req, tenantId, account) => {
      // as JSON, so no tenant and account pair can spell another's key
      accountOf.set(req, JSON.stringify([tenantId, account]));
      const r = await byAccount(req);
      return !r.isAllowed && r.isExceeded;
    },
  };
}
