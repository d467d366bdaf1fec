import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { attach, downloadJob } from '../db/schema/index';
import { caller } from './auth';
import { xlsxStream, type ExportJobStarter } from './crud/export';
import { idStr } from './envelope';
import { HeartbeatJobs, JOB_STATUS, ownedBy, Stopping, type JobDeps, type RunOrder } from './job-runs';
import { scopeOf, type Scope } from './scope';
import { storedFile, type ObjectStore } from './storage';

const QUEUE = 'export';
/** how often a run saves its progress, which is also its heartbeat */
const PROGRESS_MS = 500;
/** runs of exports at once on one instance */
const CONCURRENCY = 2;

/**
 * The download centre's exports. A request queues a job (pg-boss) and answers at once; a run
 * writes the rows into an .xlsx in the object store, saving its progress (and so its
 * heartbeat) as it goes, and offers the file only once it is whole. A run whose heartbeat
 * stops (its process was killed) is run again once by whichever instance notices first,
 * then failed: never a half file, never a job left running for ever.
 */
export class ExportJobs extends HeartbeatJobs implements ExportJobStarter {
  constructor(deps: JobDeps) {
    super(deps, { queue: QUEUE, concurrency: CONCURRENCY, table: downloadJob, restart: { completeRate: 0, rowCount: 0 }, interrupted: '导出任务中断' });
  }

  async start(req: FastifyRequest, resource: string, query: Record<string, unknown>, fileName: string, given?: Scope): Promise<string> {
    const { db } = this.deps;
    const me = caller(req);
    // the caller's scope as it is now (masked values included): the file holds what their list showed
    const scope: Scope = given ?? scopeOf(req);
    const [row] = await db
      .insert(downloadJob)
      .values({ tenantId: me.tenantId, userId: me.userId, resource, query, scope: scope as unknown as Record<string, unknown>, fileName })
      .returning({ id: downloadJob.id });
    try {
      await this.send({ id: row.id, attempt: 0 });
    } catch (err) {
      await db.delete(downloadJob).where(eq(downloadJob.id, row.id));
      throw err;
    }
    return idStr(row.id);
  }

  protected async run({ id, attempt }: RunOrder): Promise<void> {
    const { db, stores, registry } = this.deps;
    const mine = ownedBy(downloadJob, { id, attempt });
    const [job] = await db.update(downloadJob).set({ heartbeatAt: new Date() }).where(mine).returning();
    // done, failed, or handed to a later attempt
    if (!job) return;
    const objectName = `${randomUUID()}.xlsx`;
    let done = 0;
    let store: ObjectStore | undefined;
    try {
      const target = await stores.forUpload(job.tenantId);
      store = target.store;
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
        await tx.insert(attach).values(storedFile({ tenantId: job.tenantId, userId: job.userId, name: objectName, originalName: job.fileName, size, ossId: target.ossId }));
        return true;
      });
      if (!offered) await store.remove(objectName);
    } catch (err) {
      // a storage that is down leaves its half-written file behind: the failure is what is saved
      await store?.remove(objectName).catch(() => undefined);
      if (err instanceof Stopping) return;
      this.deps.onError(err, `export ${id} failed`);
      await db
        .update(downloadJob)
        .set({ jobStatus: JOB_STATUS.failed, rowCount: done, error: String((err as Error).message ?? err).slice(0, 500), jobEndTime: new Date() })
        .where(mine)
        .catch((e: unknown) => this.deps.onError(e, `export ${id}: its failure could not be saved`));
    }
  }
}
