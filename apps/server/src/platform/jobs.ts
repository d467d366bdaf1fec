import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/client';

/**
 * Background jobs on the database itself (pg-boss): the same on the embedded database and
 * on PostgreSQL, kept across restarts, and each job taken by one instance only however many
 * share the database. pg-boss reaches the database through our own pool, so on the embedded
 * database it waits its turn for the one connection like every query.
 */
export interface Backlog {
  queue: string;
  waiting: number;
  oldestSeconds: number;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly pool: pg.Pool;
  /** set once stop() has returned: the database may close from then on */
  private stopped = false;

  constructor(db: Db, onError: (err: Error) => void) {
    const pool = (this.pool = (db as unknown as { $client: pg.Pool }).$client);
    this.boss = new PgBoss({
      db: {
        // pg-boss sends scripts of several statements without values: those go as simple queries
        // After stop() a run that outlasted its wait still ends in pg-boss's bookkeeping (complete,
        // fail): the pool may be closed by then, and the run is picked up again by its heartbeat.
        executeSql: (text: string, values: unknown[]) => (this.stopped ? Promise.resolve({ rows: [], rowCount: 0 }) : values?.length ? pool.query(text, values) : pool.query(text)),
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

  /**
   * Per queue, the jobs due and not yet taken and how long the oldest of them has been due (the
   * metrics read it at each scrape). A job set for later (a flow timer) is not due: not a backlog.
   * One query on pg-boss's own tables (its default schema), every queue in it even when empty.
   */
  async backlog(): Promise<Backlog[]> {
    const { rows } = await this.pool.query<Backlog>(
      `select q.name as queue, count(j.id)::int as waiting,
              coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as "oldestSeconds"
         from pgboss.queue q
         left join pgboss.job j on j.name = q.name and j.state < 'active' and j.start_after <= now()
        group by q.name`,
    );
    return rows;
  }

  async send(queue: string, data: object): Promise<void> {
    await this.boss.send(queue, data);
  }

  /** Stops taking jobs and waits a little for the running ones; a run cut short is picked up again by its heartbeat. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    this.stopped = true;
  }
}
