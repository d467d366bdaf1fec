import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/client';

/**
 * Background jobs on the database itself (pg-boss): the same on the embedded database and
 * on PostgreSQL, kept across restarts, and each job taken by one instance only however many
 * share the database. pg-boss reaches the database through our own pool, so on the embedded
 * database it waits its turn for the one connection like every query.
 */
export class JobQueue {
  private readonly boss: PgBoss;

  constructor(db: Db, onError: (err: Error) => void) {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    this.boss = new PgBoss({
      db: {
        // pg-boss sends scripts of several statements without values: those go as simple queries
        executeSql: (text: string, values: unknown[]) => (values?.length ? pool.query(text, values) : pool.query(text)),
      },
      // completed and failed jobs are history pg-boss need not keep: our own rows say what happened
      deleteAfterDays: 1,
    });
    this.boss.on('error', onError);
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  /**
   * Runs `handler` for each job of `queue`, `concurrency` at a time on this instance. The
   * handler says how its job ended in its own rows; a throw is a bug, recorded by pg-boss.
   */
  async work<T extends object>(queue: string, concurrency: number, handler: (data: T) => Promise<void>): Promise<void> {
    // no retries of pg-boss's own: a run that crashed is found by its stopped heartbeat (downloads.ts)
    await this.boss.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: 6 * 3600 });
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => handler(job.data));
    }
  }

  /** Jobs waiting to be taken, per queue (the metrics read it at each scrape). */
  async sizes(): Promise<Record<string, number>> {
    const queues = await this.boss.getQueues();
    return Object.fromEntries(await Promise.all(queues.map(async (q) => [q.name, await this.boss.getQueueSize(q.name)] as const)));
  }

  async send(queue: string, data: object): Promise<void> {
    await this.boss.send(queue, data);
  }

  /** Stops taking jobs and waits a little for the running ones; a run cut short is picked up again by its heartbeat. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
