import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { attach, downloadJob } from '../db/schema/index';
import { caller } from './auth';
import { xlsxStream, type ExportJobStarter } from './crud/export';
import type { ResourceRegistry } from './crud/registry';
import { idStr } from './envelope';
import type { JobQueue } from './jobs';
import { scopeOf, type Scope } from './scope';
import { FILE_LINK_PATH, type ObjectStore } from './storage';

/** Download job states (shell spec §3). */
export const JOB_STATUS = { running: 2, done: 3, failed: -1 } as const;

const QUEUE = 'export';
/** how often a run saves its progress, which is also its heartbeat */
const PROGRESS_MS = 500;
/** runs of exports at once on one instance */
const CONCURRENCY = 2;

interface RunOrder {
  id: number;
  attempt: number;
}

/** This instance is shutting down: the run stops without a verdict, and its heartbeat sends it elsewhere. */
class Stopping extends Error {}

/**
 * The download centre's exports. A request queues a job (pg-boss) and answers at once; a run
 * writes the rows into an .xlsx in the object store, saving its progress (and so its
 * heartbeat) as it goes, and offers the file only once it is whole. A run whose heartbeat
 * stops (its process was killed) is run again once by whichever instance notices first,
 * then failed: never a half file, never a job left running for ever.
 */
export class ExportJobs implements ExportJobStarter {
  private timer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly deps: {
      db: Db;
      queue: JobQueue;
      store: ObjectStore;
      registry: ResourceRegistry;
      staleSeconds: number;
      onError: (err: unknown, msg: string) => void;
    },
  ) {}

  async start(req: FastifyRequest, resource: string, query: Record<string, unknown>, fileName: string): Promise<string> {
    const { db, queue } = this.deps;
    const me = caller(req);
    // the caller's scope as it is now: the file holds what their list showed
    const scope: Scope = scopeOf(req);
    const [row] = await db
      .insert(downloadJob)
      .values({ tenantId: me.tenantId, userId: me.userId, resource, query, scope: scope as unknown as Record<string, unknown>, fileName })
      .returning({ id: downloadJob.id });
    try {
      await queue.send(QUEUE, { id: row.id, attempt: 0 } satisfies RunOrder);
    } catch (err) {
      await db.delete(downloadJob).where(eq(downloadJob.id, row.id));
      throw err;
    }
    return idStr(row.id);
  }

  /** Takes jobs from the queue and watches for runs that stopped. */
  async begin(): Promise<void> {
    await this.deps.queue.work<RunOrder>(QUEUE, CONCURRENCY, (order) => this.run(order));
    this.timer = setInterval(() => void this.supervise().catch((err) => this.deps.onError(err, 'export supervision failed')), (this.deps.staleSeconds * 1000) / 3);
    this.timer.unref();
  }

  stop(): void {
    this.stopping = true;
    clearInterval(this.timer);
  }

  private async run({ id, attempt }: RunOrder): Promise<void> {
    const { db, store, registry } = this.deps;
    const mine = and(eq(downloadJob.id, id), eq(downloadJob.attempt, attempt), eq(downloadJob.jobStatus, JOB_STATUS.running));
    const [job] = await db.update(downloadJob).set({ heartbeatAt: new Date() }).where(mine).returning();
    // done, failed, or handed to a later attempt
    if (!job) return;
    const objectName = `${randomUUID()}.xlsx`;
    let done = 0;
    try {
      const exporter = registry.exporters.get(job.resource);
      if (!exporter) throw new Error(`nothing exports '${job.resource}'`);
      const scope = job.scope as unknown as Scope;
      const total = await exporter.count(scope, job.query);
      const rows = exporter.rows(scope, job.query);
      let reported = Date.now();
      const progress = async () => {
        reported = Date.now();
        const rate = total ? Math.min(99, Math.floor((done * 100) / total)) : 99;
        const [still] = await db.update(downloadJob).set({ completeRate: rate, rowCount: done, heartbeatAt: new Date() }).where(mine).returning({ id: downloadJob.id });
        if (!still) throw new Error('the job was handed to another run');
      };
      const stopping = () => this.stopping;
      async function* batches() {
        for await (const batch of rows) {
          if (stopping()) throw new Stopping();
          done += batch.length;
          yield batch;
          if (Date.now() - reported >= PROGRESS_MS) await progress();
        }
      }
      const size = await store.putStream(objectName, xlsxStream(exporter.title, exporter.columns, batches()));
      // the file is offered (and recorded as a stored file) in one step, only by the run that owns the job
      const offered = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(downloadJob)
          .set({ jobStatus: JOB_STATUS.done, completeRate: 100, rowCount: done, objectName, fileSize: size, jobEndTime: new Date(), heartbeatAt: new Date() })
          .where(mine)
          .returning({ id: downloadJob.id });
        if (!row) return false;
        await tx.insert(attach).values({
          tenantId: job.tenantId,
          link: `${FILE_LINK_PATH}/${objectName}`,
          name: objectName,
          originalName: job.fileName,
          extension: 'xlsx',
          attachSize: size,
          createUser: job.userId,
          updateUser: job.userId,
        });
        return true;
      });
      if (!offered) await store.remove(objectName);
    } catch (err) {
      await store.remove(objectName);
      if (err instanceof Stopping) return;
      this.deps.onError(err, `export ${id} failed`);
      await db
        .update(downloadJob)
        .set({ jobStatus: JOB_STATUS.failed, rowCount: done, error: String((err as Error).message ?? err).slice(0, 500), jobEndTime: new Date() })
        .where(mine)
        .catch((e: unknown) => this.deps.onError(e, `export ${id}: its failure could not be saved`));
    }
  }

  /** Runs whose heartbeat stopped: the first time queued again, the second time failed. */
  private async supervise(): Promise<void> {
    const { db, queue, staleSeconds } = this.deps;
    const stale = and(eq(downloadJob.jobStatus, JOB_STATUS.running), lt(downloadJob.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`));
    const again = await db
      .update(downloadJob)
      .set({ attempt: sql`${downloadJob.attempt} + 1`, completeRate: 0, rowCount: 0, heartbeatAt: null })
      .where(and(stale, eq(downloadJob.attempt, 0)))
      .returning({ id: downloadJob.id, attempt: downloadJob.attempt });
    for (const order of again) await queue.send(QUEUE, order satisfies RunOrder);
    await db.update(downloadJob).set({ jobStatus: JOB_STATUS.failed, error: '导出任务中断', jobEndTime: new Date() }).where(stale);
  }
}
