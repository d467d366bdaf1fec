import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/** What a cache may depend on. */
export type ChangeTopic = 'menus' | 'grants' | 'users' | 'tenants' | 'clients' | 'params' | 'sessions' | 'totals' | 'notices' | 'subscriptions';

const CHANNEL = 'wb_changes';

/**
 * Tells every server instance that something cached has changed, so that a changed grant,
 * menu, user or client shows on the next request wherever it lands. The writer's instance
 * hears it at once; the others through PostgreSQL's NOTIFY, which the database delivers when
 * the writing transaction commits (and not at all when it rolls back). After the listening
 * connection was lost, every listener hears '*': whatever was missed, it forgets everything.
 * The caches keep their short lifetimes as well, as a last resort.
 */
export class Changes {
  private readonly listeners = new Map<ChangeTopic, Set<(detail: string) => void>>();
  private stop?: () => Promise<void>;
  private database?: Database;

  async start(database: Database): Promise<void> {
    this.database = database;
    this.stop = await database.listen(
      CHANNEL,
      (payload) => {
        const i = payload.indexOf('|');
        this.emit((i < 0 ? payload : payload.slice(0, i)) as ChangeTopic, i < 0 ? '' : payload.slice(i + 1));
      },
      () => this.emitAll(),
    );
  }

  async close(): Promise<void> {
    // the embedded database may be closed already: nothing is left to stop then
    await this.stop?.().catch(() => undefined);
  }

  /** `db`: the write's transaction when there is one, so that the others hear of it only if it commits. */
  async publish(db: Db, topic: ChangeTopic, detail = ''): Promise<void> {
    this.emit(topic, detail);
    await db.execute(sql`select pg_notify(${CHANNEL}, ${`${topic}|${detail}`})`);
  }

  /**
   * For a change already committed (a revoked session, a write's totals): heard here at once,
   * elsewhere as soon as the database passes it on. Never fails the caller: a lost notification
   * leaves the others with their short cache lifetimes.
   */
  broadcast(topic: ChangeTopic, detail = ''): void {
    this.emit(topic, detail);
    void this.database?.db.execute(sql`select pg_notify(${CHANNEL}, ${`${topic}|${detail}`})`).catch(() => undefined);
  }

  /** `fn` runs when `topic` changes anywhere, and after a lost connection (with detail '*'). */
  on(topic: ChangeTopic, fn: (detail: string) => void): void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(fn);
    this.listeners.set(topic, set);
  }

  private emit(topic: ChangeTopic, detail: string): void {
    for (const fn of this.listeners.get(topic) ?? []) fn(detail);
  }

  private emitAll(): void {
    for (const set of this.listeners.values()) for (const fn of set) fn('*');
  }
}

/** Resource hooks that tell every instance when a record of the resource was written or removed. */
export const announces = (changes: Changes, topic: ChangeTopic) => ({
  afterSubmit: ({ db }: { db: Db }) => changes.publish(db, topic),
  afterRemove: ({ db }: { db: Db }) => changes.publish(db, topic),
});
