import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { attach, fileImport, fileImportError } from '../db/schema/index';
import { caller, type AuthUser } from './auth';
import { MAX_IMPORT_ROWS, type Importer, type ImportJobStarter } from './crud/import';
import { headerRow, sheetRows } from './crud/sheet-rows';
import type { Row } from './crud/wire';
import { ApiError, idStr } from './envelope';
import { HeartbeatJobs, JOB_STATUS, ownedBy, Stopping, type JobDeps, type RunOrder } from './job-runs';
import { scopeOf, type Scope } from './scope';
import { storedFile } from './storage';

const QUEUE = 'import';
/** a batch is written when it has this many rows, or has taken this long to check */
const BATCH_ROWS = 200;
const BATCH_MS = 1000;
/** imports write: one at a time on an instance */
const CONCURRENCY = 1;

/** The user an import writes as, kept with the job: the scope and the identity their request had. */
interface Actor {
  scope: Scope;
  user: Pick<AuthUser, 'userId' | 'tenantId' | 'account' | 'roleIds' | 'deptId'>;
}

/** A row of the file in the order the run takes it: its body, or why it has none. */
interface Item {
  rowNo: number;
  cells: string[];
  body?: Row;
  refused?: string;
  tree?: { key: string; parent: string };
}

/**
 * The upload centre's imports. A request checks the file (an .xlsx, its size, its columns),
 * keeps it in the object store and queues a job; a run checks every row as the form's submit
 * does and writes the good ones in batches. Each batch commits together with the count of rows
 * taken and the rows refused (the error file), so a run that dies is continued after its last
 * batch by the next attempt: no row is written twice, and none is lost.
 */
export class ImportJobs extends HeartbeatJobs implements ImportJobStarter {
  constructor(deps: JobDeps) {
    super(deps, { queue: QUEUE, concurrency: CONCURRENCY, table: fileImport, restart: {}, interrupted: '导入任务中断' });
  }

  async start(req: FastifyRequest, importer: Importer, file: { filename: string; data: Buffer }): Promise<string> {
    const { db, stores } = this.deps;
    const headers = await headerRow(file.data);
    importer.match(headers);
    const me = caller(req);
    const actor: Actor = { scope: scopeOf(req), user: { userId: me.userId, tenantId: me.tenantId, account: me.account, roleIds: me.roleIds, deptId: me.deptId } };
    const objectName = `${randomUUID()}.xlsx`;
    const { store, ossId } = await stores.forUpload(me.tenantId);
    await store.put(objectName, file.data);
    const fileName = file.filename.replace(/[\\/]/g, '_').slice(0, 200) || `${importer.def.title.zh}.xlsx`;
    const projectId = String((req.query as Record<string, unknown> | undefined)?.projectId ?? '').slice(0, 64);
    const id = await db.transaction(async (tx) => {
      // the uploaded file is a stored file of the tenant: its link (obsUrl) is signed like any other
      await tx.insert(attach).values(storedFile({ tenantId: me.tenantId, userId: me.userId, name: objectName, originalName: fileName, size: file.data.length, ossId }));
      const [row] = await tx
        .insert(fileImport)
        .values({ tenantId: me.tenantId, userId: me.userId, resource: importer.def.name, actor: actor as unknown as Row, projectId, fileName, objectName, headers })
        .returning({ id: fileImport.id });
      return row.id;
    });
    try {
      await this.send({ id, attempt: 0 });
    } catch (err) {
      await db.delete(fileImport).where(eq(fileImport.id, id));
      throw err;
    }
    return idStr(id);
  }

  protected async run(order: RunOrder): Promise<void> {
    const { db, stores, registry } = this.deps;
    const mine = ownedBy(fileImport, order);
    const [job] = await db.update(fileImport).set({ heartbeatAt: new Date() }).where(mine).returning();
    if (!job) return;
    try {
      const importer = registry.importers.get(job.resource);
      if (!importer) throw new Error(`nothing imports '${job.resource}'`);
      const actor = job.actor as unknown as Actor;
      const who = { scope: actor.scope, user: actor.user as AuthUser };
      const map = importer.match(job.headers);
      const lookups = await importer.lookups(actor.scope);
      // read from where it was put: its attach row names the storage (none: the server's own)
      const [stored] = await db
        .select({ ossId: attach.ossId })
        .from(attach)
        .where(and(eq(attach.tenantId, job.tenantId), eq(attach.name, job.objectName)));
      const file = await (await stores.holding(stored?.ossId)).get(job.objectName);
      if (!file) throw new ApiError(400, '导入文件已不存在');
      // at most 10 MB, taken whole: the reader needs the whole archive (sheet-rows.ts)
      const data = await buffer(file.stream);

      const items: Item[] = [];
      let beat = Date.now();
      for await (const { rowNo, cells } of sheetRows(data, MAX_IMPORT_ROWS)) {
        // reading 50,000 rows takes a while: the run says it is alive meanwhile, or it would be taken for dead
        if (Date.now() - beat > this.beatMs) {
          await this.save(mine, {});
          beat = Date.now();
        }
        if (rowNo === 1) continue;
        const item: Item = { rowNo, cells };
        try {
          item.body = importer.body(cells, map, lookups);
          item.tree = importer.treeKeys?.(item.body);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          item.refused = err.message;
        }
        items.push(item);
      }
      if (!items.length) throw new ApiError(400, '文件中没有数据行');
      await this.save(mine, { totalNum: items.length });

      const ordered = parentsFirst(items);
      let pending: { item: Item; prepared: Awaited<ReturnType<Importer['prepare']>> }[] = [];
      let refused: { item: Item; message: string }[] = [];
      const pendingKeys = new Set<string>();
      let started = Date.now();

      const flush = async () => {
        if (!pending.length && !refused.length) return;
        const taken = pending.length + refused.length;
        await db.transaction(async (tx) => {
          let success = 0;
          const errors = [...refused];
          for (const { item, prepared } of pending) {
            try {
              await importer.write(tx as unknown as Db, who, prepared);
              success++;
            } catch (err) {
              if (!(err instanceof ApiError)) throw err;
              errors.push({ item, message: err.message });
            }
          }
          if (errors.length) await tx.insert(fileImportError).values(errors.map(({ item, message }) => ({ importId: job.id, rowNo: item.rowNo, cells: item.cells, message })));
          const [still] = await tx
            .update(fileImport)
            .set({
              processed: sql`${fileImport.processed} + ${taken}`,
              successNum: sql`${fileImport.successNum} + ${success}`,
              failedNum: sql`${fileImport.failedNum} + ${errors.length}`,
              heartbeatAt: new Date(),
            })
            .where(mine)
            .returning({ id: fileImport.id });
          // handed to another attempt meanwhile: nothing of this batch is kept
          if (!still) throw new Stopping();
        });
        importer.written();
        pending = [];
        refused = [];
        pendingKeys.clear();
        started = Date.now();
      };

      // a continued run starts after the last batch the previous one wrote
      for (const item of ordered.slice(job.processed)) {
        if (this.stopping) throw new Stopping();
        // a child of a row of this batch waits until its parent is written
        if (item.tree && pendingKeys.has(item.tree.parent)) await flush();
        if (item.refused !== undefined) refused.push({ item, message: item.refused });
        else {
          try {
            pending.push({ item, prepared: await importer.prepare(who, item.body!) });
            if (item.tree) pendingKeys.add(item.tree.key);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            refused.push({ item, message: err.message });
          }
        }
        if (pending.length + refused.length >= BATCH_ROWS || Date.now() - started >= BATCH_MS) await flush();
      }
      await flush();
      await this.save(mine, { jobStatus: JOB_STATUS.done, jobEndTime: new Date() });
    } catch (err) {
      if (err instanceof Stopping) return;
      if (!(err instanceof ApiError)) this.deps.onError(err, `import ${order.id} failed`);
      const message = err instanceof ApiError ? err.message : '导入失败, 请稍后重试';
      await this.save(mine, { jobStatus: JOB_STATUS.failed, error: message, jobEndTime: new Date() }).catch((e: unknown) =>
        this.deps.onError(e, `import ${order.id}: its failure could not be saved`),
      );
    }
  }

  private async save(mine: ReturnType<typeof ownedBy>, values: Partial<typeof fileImport.$inferInsert>): Promise<void> {
    const [still] = await this.deps.db
      .update(fileImport)
      .set({ ...values, heartbeatAt: new Date() })
      .where(mine)
      .returning({ id: fileImport.id });
    if (!still) throw new Stopping();
  }
}

/**
 * The rows of a tree keyed by a field (regions) with each parent ahead of its children, so a
 * file may list them in any order; the others keep the file's order. The same file always
 * gives the same order: a continued run skips exactly the rows already taken.
 */
function parentsFirst(items: Item[]): Item[] {
  if (!items.some((i) => i.tree)) return items;
  const byKey = new Map(items.filter((i) => i.tree).map((i) => [i.tree!.key, i]));
  const out: Item[] = [];
  const seen = new Set<Item>();
  for (const start of items) {
    // the chain of parents not yet placed, walked up without recursion (a cycle ends where it closes)
    const chain: Item[] = [];
    for (let i: Item | undefined = start; i && !seen.has(i); i = i.tree ? byKey.get(i.tree.parent) : undefined) {
      seen.add(i);
      chain.push(i);
    }
    out.push(...chain.reverse());
  }
  return out;
}
