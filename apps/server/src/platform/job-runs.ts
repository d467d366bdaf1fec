import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { downloadJob, fileImport } from '../db/schema/index';
import type { ResourceRegistry } from './crud/registry';
import type { JobQueue } from './jobs';
import type { ObjectStores } from './object-stores';

/** The states of a job row (shell spec §3 'Download job'; imports keep theirs the same way). */
export const JOB_STATUS = { running: 2, done: 3, failed: -1 } as const;

/** The tables of jobs run under a heartbeat: the download centre's exports and the upload centre's imports. */
type RunTable = typeof downloadJob | typeof fileImport;

/** What a queued job carries: its row, and which attempt at it this run is. */
export interface RunOrder {
  id: number;
  attempt: number;
}

/** The row still belongs to this run: not done, not failed, not handed to a later attempt. */
export const ownedBy = (table: RunTable, { id, attempt }: RunOrder): SQL => and(eq(table.id, id), eq(table.attempt, attempt), eq(table.jobStatus, JOB_STATUS.running))!;

/**
 * Runs whose heartbeat stopped (their process died): the first time queued again as the next
 * attempt (`restart` says what the new attempt starts from), the second time failed with `message`.
 */
export async function superviseRuns(db: Db, queue: JobQueue, name: string, table: RunTable, staleSeconds: number, restart: Record<string, unknown>, message: string): Promise<void> {
  const t = table as typeof downloadJob;
  const stale = and(eq(t.jobStatus, JOB_STATUS.running), lt(t.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`));
  const again = await db
    .update(t)
    .set({ ...restart, attempt: sql`${t.attempt} + 1`, heartbeatAt: null })
    .where(and(stale, eq(t.attempt, 0)))
    .returning({ id: t.id, attempt: t.attempt });
  for (const order of again) await queue.send(name, order satisfies RunOrder);
  await db.update(t).set({ jobStatus: JOB_STATUS.failed, error: message, jobEndTime: new Date() }).where(stale);
}

/** What the download and upload centres' jobs run with. */
export interface JobDeps {
  db: Db;
  queue: JobQueue;
  /** files go where the tenant's uploads go (its enabled 对象存储, else the server's own store) */
  stores: ObjectStores;
  registry: ResourceRegistry;
  staleSeconds: number;
  onError: (err: unknown, msg: string) => void;
}

/** This instance is shutting down: a run stops without a verdict, and its heartbeat sends it elsewhere. */
export class Stopping extends Error {}

/**
 * A kind of job run under a heartbeat: its runs take the jobs of its queue, `concurrency` at a
 * time on this instance, and a supervisor looks for runs that stopped (`superviseRuns`).
 */
export abstract class HeartbeatJobs {
  protected stopping = false;
  private timer?: NodeJS.Timeout;

  constructor(
    protected readonly deps: JobDeps,
    private readonly kind: { queue: string; concurrency: number; table: RunTable; restart: Record<string, unknown>; interrupted: string },
  ) {}

  protected abstract run(order: RunOrder): Promise<void>;

  /** Takes jobs from the queue and watches for runs that stopped. */
  async begin(): Promise<void> {
    const { queue, db, staleSeconds, onError } = this.deps;
    const { queue: name, concurrency, table, restart, interrupted } = this.kind;
    await queue.work<RunOrder>(name, concurrency, (order) => this.run(order));
    const supervise = () => superviseRuns(db, queue, name, table, staleSeconds, restart, interrupted);
    this.timer = setInterval(() => void supervise().catch((err) => onError(err, `${name} supervision failed`)), (staleSeconds * 1000) / 3);
    this.timer.unref();
  }

  stop(): void {
    this.stopping = true;
    clearInterval(this.timer);
  }

  /** How often a run says it is alive while it does something long that saves nothing (reading its file). */
  protected get beatMs(): number {
    return (this.deps.staleSeconds * 1000) / 3;
  }

  protected async send(order: RunOrder): Promise<void> {
    await this.deps.queue.send(this.kind.queue, order);
  }
}
