import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Wrong passwords counted per account AND source address (platform/login-limits.ts): five lock that
 * account for that address only, so nobody elsewhere can lock a user out of their own desk. Keyed by
 * the account name as typed, not a user id, so that an unknown account is counted (and locked) the
 * same way and the answers never tell which accounts exist.
 */
export const loginFailure = pgTable(
  'login_failure',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    /** the client address (req.ip, proxies only as TRUST_PROXY allows; IPv6 by its /64) */
    source: varchar('source', { length: 64 }).notNull(),
    failCount: integer('fail_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account, t.source] })],
);
