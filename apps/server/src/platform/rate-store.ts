import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** One hit in SWEEP_EVERY also deletes the windows that ended over a minute ago. */
const SWEEP_EVERY = 500;

/** The database's clock in milliseconds: one clock for every instance. */
const NOW = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * @fastify/rate-limit's store, counting in PostgreSQL (table rate_limit): every limit of the
 * product (the login's per address and per account, registration, retrieval, the login page) is
 * one counter for all instances, so N instances allow what one allows. One statement per hit,
 * an upsert that starts the window again once it has ended.
 */
export function postgresRateStore(db: Db) {
  return class PostgresRateStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** the plugin makes the first with its options; each route's comes from `child`, named by its route */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    /** the row's key: the route's prefix and the client's key, as long as the column takes */
    private rowKey(key: string): string {
      return `${this.prefix}${key}`.slice(0, 512);
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      const k = this.rowKey(key);
      db.execute<{ hits: number; ttl: string }>(
        sql`insert into rate_limit (key, hits, reset_at) values (${k}, 1, ${NOW} + ${timeWindow})
            on conflict (key) do update set
              hits = case when rate_limit.reset_at <= ${NOW} then 1 else rate_limit.hits + 1 end,
              reset_at = case when rate_limit.reset_at <= ${NOW} then excluded.reset_at else rate_limit.reset_at end
            returning hits, reset_at - ${NOW} as ttl`,
      ).then(
        (r) => cb(null, { current: Number(r.rows[0].hits), ttl: Math.max(0, Number(r.rows[0].ttl)) }),
        (err: Error) => cb(err),
      );
      if (Math.random() * SWEEP_EVERY < 1) void db.execute(sql`delete from rate_limit where reset_at < ${NOW} - 60000`).catch(() => undefined);
    }

    read(key: string, cb: Callback): void {
      db.execute<{ hits: number; ttl: string }>(sql`select hits, reset_at - ${NOW} as ttl from rate_limit where key = ${this.rowKey(key)} and reset_at > ${NOW}`).then(
        (r) => cb(null, r.rows.length ? { current: Number(r.rows[0].hits), ttl: Number(r.rows[0].ttl) } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    child(route: Parameters<FastifyRateLimitStore['child']>[0]): PostgresRateStore {
      // at run time the route's limit options, with `routeInfo` (the plugin's own Redis store reads it too)
      const info = (route as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateStore(`${info?.method ?? ''}${info?.url ?? ''}|`);
    }
  };
}
