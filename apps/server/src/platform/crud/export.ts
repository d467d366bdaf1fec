import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import ExcelJS from 'exceljs';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keyOf, menuOf, pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { Envelope, formatTime, ok } from '../envelope';
import { refuseUnknown } from './filters';
import { scopeOf, type Scope } from '../scope';
import { attachmentDisposition } from '../storage';
import { labelMaps, readableValue } from './labels';
import type { ResourceRegistry } from './registry';
import { answeredFields } from './schemas';
import type { ResourceStore } from './store';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/**
 * Writes rows into an .xlsx as they arrive and returns the file as a stream, so
 * an export of 100,000 rows never holds them all in memory. An error half way
 * destroys the stream: the download fails instead of ending in a truncated file.
 */
export function xlsxStream(sheet: string, columns: SheetColumn[], batches: AsyncIterable<Record<string, unknown>[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheet.slice(0, 31));
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) ws.addRow(row).commit();
        // the writer does not wait for its reader: a batch at a time, the file's bytes wait in memory only until read
        while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
      ws.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/**
 * What an export writes, for the direct download and for the download centre's jobs alike:
 * the sheet's columns, and the rows of a scope and the list's filters, batch by batch, refs by
 * name, dictionary keys by item, selects and switches by label (crud/labels.ts).
 */
export interface Exporter {
  title: string;
  columns: SheetColumn[];
  /** how many rows the filters match (the job's progress) */
  count(scope: Scope, query: Record<string, unknown>): Promise<number>;
  /** the filters are checked at the call: a bad one throws before anything is written */
  rows(scope: Scope, query: Record<string, unknown>): AsyncGenerator<Record<string, unknown>[]>;
}

/** `mask`: what a row of a `masked` scope becomes (ResourceOptions.secret), applied before its cells are written. */
export function exporterOf(
  def: AnyResourceDef,
  store: ResourceStore,
  registry: ResourceRegistry,
  batch: number,
  mask?: (row: Record<string, unknown>) => Record<string, unknown>,
): Exporter {
  const fields = def.fields;
  const names = answeredFields(def).filter((k) => !fields[k].virtual);
  const key = keyOf(def);
  return {
    title: def.title.zh,
    columns: [
      { header: 'ID', key: 'id', width: 20 },
      ...names.map((k) => ({ header: fields[k].label.zh, key: k, width: Math.min(40, Math.max(12, (fields[k].maxLength ?? 20) / 4)) })),
      ...(store.columns.createTime ? [{ header: '创建时间', key: 'createTime', width: 20 }] : []),
    ],
    count: async (scope, query) => (await store.page(scope, query, 1, 1)).total,
    rows(scope, query) {
      const scan = store.scan(scope, query, batch);
      return (async function* () {
        // refs by name and dictionary keys by item, looked up once per export (as the list and the 查看 dialog show them)
        const labels = await labelMaps(fields, names, registry, store.db, scope);
        const cell = (k: string, row: Record<string, unknown>) => readableValue(fields[k], row[k], labels.get(k));
        const shown = scope.masked && mask ? mask : (r: Record<string, unknown>) => r;
        for await (const rows of scan)
          yield rows.map(shown).map((r) => ({ id: String(r[key]), ...Object.fromEntries(names.map((k) => [k, cell(k, r)])), createTime: formatTime(r.createTime as Date) }));
      })();
    },
  };
}

/** Starts an export as a job of the download centre (platform/export-jobs.ts). */
export interface ExportJobStarter {
  /** `scope`: what the file may hold (the caller's, masked or not); the request's own scope when absent */
  start(req: FastifyRequest, resource: string, query: Record<string, unknown>, fileName: string, scope?: Scope): Promise<string>;
}

interface ExportDeps {
  def: AnyResourceDef;
  exporter: Exporter;
  jobs?: ExportJobStarter;
  tag: string;
  querystring: TSchema;
  allowed: Set<string>;
  /** the caller's scope as the list reads it (masked when the caller may not read the def's secrets) */
  scopeOf?: (req: FastifyRequest) => Promise<Scope>;
}

/**
 * `GET {basePath}/export`: the list's rows for the same filters as a streamed .xlsx.
 * `POST {basePath}/export-job`: the same file made by a job of the download centre, which
 * answers at once with the job's id. Filters are checked before the first byte (or before
 * the job is queued), so a bad one is a 400, never a broken download.
 */
export function exportRoutes(app: FastifyInstance, { def, exporter, jobs, tag, querystring, allowed, scopeOf: readingScope = async (req) => scopeOf(req) }: ExportDeps): void {
  app.get(pathOf(def, 'export'), {
    schema: { tags: [tag], summary: `${tag}: 导出 Excel (流式, 条件同列表)`, querystring, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    config: { permission: menuOf(def) },
    preValidation: refuseUnknown(allowed),
    handler: async (req, reply) => {
      const rows = exporter.rows(await readingScope(req), req.query as Record<string, unknown>);
      // the first batch is read before the answer starts: a query that fails is still an error envelope
      const first = await rows.next();
      async function* batches() {
        if (first.done) return;
        yield first.value;
        yield* rows;
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(`${exporter.title}.xlsx`))
        .send(xlsxStream(exporter.title, exporter.columns, batches()));
    },
  });
  if (!jobs) return;
  app.post(pathOf(def, 'export-job'), {
    schema: {
      tags: [tag],
      summary: `${tag}: 导出到下载中心 (后台任务, 条件同列表)`,
      querystring,
      response: { 200: Envelope(Type.Object({ id: Type.String() })) },
    },
    config: { permission: menuOf(def) },
    preValidation: refuseUnknown(allowed),
    handler: async (req) => {
      const query = req.query as Record<string, unknown>;
      const scope = await readingScope(req);
      // the filters are checked now, while the caller can still be told
      await exporter.count(scope, query);
      return ok({ id: await jobs.start(req, def.name, query, `${exporter.title}.xlsx`, scope) });
    },
  });
}
