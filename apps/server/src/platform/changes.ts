import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { cacheInvalidations } from './metrics';

/** What a cache may depend on. */
export type ChangeTopic = 'menus' | 'grants' | 'users' | 'tenants' | 'clients' | 'params' | 'sessions' | 'totals' | 'notices' | 'subscriptions';

const CHANNEL = 'wb_changes';

/**
 * Tells every server instance that something cached has changed, so that a changed grant,
 * menu, user or client shows on the next request wherever it lands. The writer's instance
 * hears it at once, and again when the writing request answers (after its transaction
 * committed: a reload that ran between the two read the old rows); the others through
 * PostgreSQL's NOTIFY, which the database delivers when the writing transaction commits (and
 * not at all when it rolls back). While the listening connection is down the instance is not
 * `live`: the caches (platform/fresh-cache.ts) serve and keep nothing; once it listens again,
 * every listener hears '*': whatever was missed, it forgets everything.
 */
export class Changes {
  private readonly listeners = new Map<ChangeTopic, Set<(detail: string) => void>>();
  /** what the current request published: heard again once it answers */
  private readonly published = new AsyncLocalStorage<Set<string>>();
  private stop?: () => Promise<void>;
  private database?: Database;
  private listening = true;

  async start(database: Database): Promise<void> {
    this.database = database;
    this.stop = await database.listen(
      CHANNEL,
      (payload) => this.dispatch(payload),
      (up) => {
        this.listening = up;
        this.emitAll();
      },
    );
  }

  /** Whether this instance hears the others' changes now (always, on the embedded database: there are none). */
  get live(): boolean {
    return this.listening;
  }

  /** Runs a request's work (`next`) keeping a note of what it publishes (a Fastify hook's `done`). */
  track(next: () => void): void {
    this.published.run(new Set(), next);
  }

  /** The request has written what it was to write: its changes are heard here once more. */
  settle(): void {
    const mine = this.published.getStore();
    if (!mine?.size) return;
    for (const change of mine) this.dispatch(change);
    mine.clear();
  }

  async close(): Promise<void> {
    // the embedded database may be closed already: nothing is left to stop then
    await this.stop?.().catch(() => undefined);
  }

  /** `db`: the write's transaction when there is one, so that the others hear of it only if it commits. */
  async publish(db: Db, topic: ChangeTopic, detail = ''): Promise<void> {
    this.emit(topic, detail);
    this.published.getStore()?.add(`${topic}|${detail}`);
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

  /** A change as NOTIFY carries it ('topic|detail'), told to this instance's listeners. */
  private dispatch(payload: string): void {
    const i = payload.indexOf('|');
    this.emit((i < 0 ? payload : payload.slice(0, i)) as ChangeTopic, i < 0 ? '' : payload.slice(i + 1));
  }

  private emit(topic: ChangeTopic, detail: string): void {
    cacheInvalidations.inc({ topic });
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
