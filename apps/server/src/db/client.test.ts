import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { releaseOnFailedBegin } from './client';

/** A pool of one client whose statements fail as a lost connection's do (named so drizzle takes it for a pool). */
class LostConnectionPool {
  released: unknown[] = [];
  statements: string[] = [];
  private readonly client = {
    query: async (config: { text: string }) => {
      this.statements.push(config.text);
      throw new Error('Connection terminated unexpectedly');
    },
    release: (err?: unknown) => void this.released.push(err),
  };
  connect(callback?: (err: unknown, client: unknown, done: () => void) => void) {
    if (callback) return callback(undefined, this.client, () => undefined);
    return Promise.resolve(this.client);
  }
}

describe('a transaction whose BEGIN fails', () => {
  it('gives its client back to the pool, with the error, so the pool drops it', async () => {
    const pool = new LostConnectionPool();
    releaseOnFailedBegin(pool as unknown as pg.Pool);
    const db = drizzle({ client: pool as unknown as pg.Pool });
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(pool.statements).toEqual(['begin']);
    expect(pool.released).toHaveLength(1);
    expect(String(pool.released[0])).toContain('Connection terminated unexpectedly');
  });
});
