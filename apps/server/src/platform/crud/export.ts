import { PassThrough, type Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { keyOf, menuOf, pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { formatTime } from '../envelope';
import { refuseUnknown } from './filters';
import { scopeOf, visible } from '../scope';
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
      for await (const batch of batches) for (const row of batch) ws.addRow(row).commit();
      ws.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

interface ExportDeps {
  def: AnyResourceDef;
  store: ResourceStore;
  registry: ResourceRegistry;
  tag: string;
  querystring: TSchema;
  allowed: Set<string>;
  batch: number;
}

/**
 * `GET {basePath}/export`: the list's rows for the same filters as a streamed
 * .xlsx, refs by name, selects and switches by label. Filters are checked before
 * the first byte, so a bad one is a 400, never a broken download.
 */
export function exportRoute(app: FastifyInstance, { def, store, registry, tag, querystring, allowed, batch }: ExportDeps): void {
  const fields = def.fields;
  const names = answeredFields(def).filter((k) => !fields[k].virtual);
  const refFields = names.filter((k) => fields[k].kind === 'ref');
  app.get(pathOf(def, 'export'), {
    schema: { tags: [tag], summary: `${tag}: 导出 Excel (流式, 条件同列表)`, querystring, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    config: { permission: menuOf(def) },
    preValidation: refuseUnknown(allowed),
    handler: async (req, reply) => {
      const scope = scopeOf(req);
      // refs are exported by name, looked up once per referenced resource
      const refLabels = new Map<string, Map<string, string>>();
      for (const k of refFields) {
        const target = registry.get(fields[k].ref!.resource);
        const rows = await store.db.select({ id: target.key, label: target.label }).from(target.table).where(visible(target.table, scope));
        refLabels.set(k, new Map(rows.map((r) => [String(r.id), String(r.label)])));
      }
      const optionLabel = (k: string, v: unknown) => fields[k].options?.find((o) => String(o.value) === String(v))?.label.zh ?? String(v ?? '');
      const cell = (k: string, row: Record<string, unknown>) => {
        const f = fields[k];
        if (f.kind === 'ref') return refLabels.get(k)!.get(String(row[k])) ?? '';
        if (f.kind === 'select') return optionLabel(k, row[k]);
        if (f.kind === 'switch') return row[k] ? '是' : '否';
        if (row[k] instanceof Date) return formatTime(row[k] as Date);
        return row[k];
      };
      const key = keyOf(def);
      const scan = store.scan(scope, req.query as Record<string, unknown>, batch);
      // the first batch is read before the answer starts: a query that fails is still an error envelope
      const first = await scan.next();
      async function* batches() {
        const toSheet = (rows: Record<string, unknown>[]) =>
          rows.map((r) => ({ id: String(r[key]), ...Object.fromEntries(names.map((k) => [k, cell(k, r)])), createTime: formatTime(r.createTime as Date) }));
        if (first.done) return;
        yield toSheet(first.value);
        for await (const rows of scan) yield toSheet(rows);
      }
      const sheetColumns = [
        { header: 'ID', key: 'id', width: 20 },
        ...names.map((k) => ({ header: fields[k].label.zh, key: k, width: Math.min(40, Math.max(12, (fields[k].maxLength ?? 20) / 4)) })),
        ...(store.columns.createTime ? [{ header: '创建时间', key: 'createTime', width: 20 }] : []),
      ];
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(def.title.zh)}.xlsx`)
        .send(xlsxStream(def.title.zh, sheetColumns, batches()));
    },
  });
}
