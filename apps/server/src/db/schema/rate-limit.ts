import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters (platform/rate-store.ts), one row per route and client key, shared by
 * every instance: N instances allow what one allows. A row whose window has ended starts again
 * at its next hit; old rows are swept now and then.
 */
export const rateLimit = pgTable('rate_limit', {
  key: varchar('key', { length: 512 }).primaryKey(),
  hits: integer('hits').notNull(),
  /** when the window ends, in milliseconds since the epoch */
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});
