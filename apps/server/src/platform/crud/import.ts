import { Type } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keyOf, pathOf, type AnyResourceDef, type FieldDef } from '@wb/contracts/resource';
import type { Db } from '../../db/client';
import { validationMessage, type FieldMessages } from '../errors';
import { badRequest, Envelope, ok } from '../envelope';
import { AJV_OPTIONS, inputFormats, unstorable } from '../input-types';
import { scopeOf, visible, type Scope } from '../scope';
import { attachmentDisposition } from '../storage';
import { isNamedByLookup, namedKeys } from './labels';
import type { ResourceRegistry } from './registry';
import type { PreparedSubmit, Submitter } from './routes';
import type { Row } from './wire';

/** A file of more rows is refused whole: split it. */
export const MAX_IMPORT_ROWS = 50_000;
/** An .xlsx bigger than this is refused at the upload. */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Columns an error file adds: re-importing the corrected error file ignores them. */
export const ERROR_FILE_COLUMNS = { rowNo: '行号', message: '错误信息' } as const;

/** A header as it is matched: without marks of a required column ('*', '(必填)') or spaces. */
const clean = (header: string) =>
  header
    .replace(/[*＊]|（必填）|\(必填\)/g, '')
    .replace(/\s+/g, '')
    .trim();

const errorFileColumns = new Set<string>(Object.values(ERROR_FILE_COLUMNS));
/** One of the columns an error file adds (a corrected error file sent back brings them). */
export const isErrorFileColumn = (header: string): boolean => errorFileColumns.has(clean(header));

/** A column of an import: the field it fills and the header that names it (the form's label). */
export interface ImportColumn {
  header: string;
  field: string;
  required: boolean;
  /** what the cell takes, for the template's notes */
  hint: string;
}

/** How to read the cells of a file: the field each column fills, by the column's position. */
export type ColumnMap = Map<number, ImportColumn>;

/** Labels → keys for the fields whose cells name records (refs) or dictionary items, read once per import. */
export type Lookups = Map<string, Map<string, string[]>>;

/**
 * What the download centre's import runs need of one resource: its columns, the lookups that
 * turn names into keys, and a row made into the submit's body, checked and written exactly as
 * the form's submit is (the same schema, checks and hooks, so the same rules and messages).
 */
export interface Importer {
  def: AnyResourceDef;
  columns: ImportColumn[];
  /** the file's headers matched to columns; a 400 naming what is missing or unknown */
  match(headers: string[]): ColumnMap;
  lookups(scope: Scope): Promise<Lookups>;
  /** a row's cells as the submit's body; throws ApiError with the message for the row */
  body(cells: string[], map: ColumnMap, lookups: Lookups): Row;
  prepare(who: Submitter, body: Row): Promise<PreparedSubmit>;
  /** inside the batch's transaction; a refused row throws ApiError and leaves the transaction usable */
  write(tx: Db, who: Submitter, p: PreparedSubmit): Promise<Row>;
  /** a batch was written: cached totals of the list are stale */
  written(): void;
  /** for a tree keyed by a field (regions): the row's key and its parent's, so parents are written first */
  treeKeys?(body: Row): { key: string; parent: string };
}

const ajv = inputFormats(new Ajv(AJV_OPTIONS));
const SEPARATORS = /[,，、;；]/;
const YES = new Set(['是', '1', 'true', 'yes', 'y', '启用']);
const NO = new Set(['否', '0', 'false', 'no', 'n', '停用']);

interface ImporterDeps {
  def: AnyResourceDef;
  registry: ResourceRegistry;
  db: Db;
  submitBody: ReturnType<typeof Type.Object>;
  fieldMessages: FieldMessages;
  prepare: Importer['prepare'];
  write: Importer['write'];
  written: Importer['written'];
}

/** A default as the template shows it: an option's or a switch's label, else the value. */
const defaultText = (f: FieldDef): string =>
  f.kind === 'select' ? (f.options!.find((o) => o.value === f.default)?.label.zh ?? String(f.default)) : f.kind === 'switch' ? (f.default ? '是' : '否') : String(f.default);

/** The columns an import reads: the form's writable fields, after an ID column for updates when records are keyed by id. */
function importColumns(def: AnyResourceDef): ImportColumn[] {
  const hint = (f: FieldDef): string => {
    if (f.kind === 'select') return `可选: ${f.options!.map((o) => o.label.zh).join(' / ')}`;
    if (f.kind === 'switch') return '是 / 否';
    if (f.kind === 'dict') return '字典项名称或键值';
    if (f.kind === 'ref' || f.kind === 'treeRef') return '名称或 ID';
    if (f.kind === 'multiRef') return '名称或 ID, 多个以逗号分隔';
    if (f.kind === 'date') return 'yyyy-MM-dd HH:mm:ss';
    if (f.kind === 'number') return `整数${f.min !== undefined || f.max !== undefined ? ` (${f.min ?? 0} - ${f.max ?? 2147483647})` : ''}`;
    return f.maxLength ? `最多 ${f.maxLength} 个字符` : '文本';
  };
  const fields = Object.entries(def.fields).filter(([, f]) => !f.virtual && !f.readonly && f.form !== false);
  return [
    ...(keyOf(def) === 'id' ? [{ header: 'ID', field: 'id', required: false, hint: '留空为新增; 填写已有记录的 ID 为修改' }] : []),
    // a field the form starts with a value (a default) need not be filled in
    ...fields.map(([field, f]) => ({
      header: f.label.zh,
      field,
      required: !!f.required && f.default === undefined,
      hint: f.default === undefined ? hint(f) : `${hint(f)}; 留空为 ${defaultText(f)}`,
    })),
  ];
}

export function importerOf(deps: ImporterDeps): Importer {
  const { def, registry, db } = deps;
  const columns = importColumns(def);
  const validate: ValidateFunction = ajv.compile(deps.submitBody);
  const byHeader = new Map<string, ImportColumn>();
  for (const c of columns) {
    byHeader.set(clean(c.header), c);
    byHeader.set(c.field, c);
    const en = def.fields[c.field]?.label.en;
    if (en) byHeader.set(clean(en), c);
  }

  const match = (headers: string[]): ColumnMap => {
    const map: ColumnMap = new Map();
    const unknown: string[] = [];
    headers.forEach((h, i) => {
      const name = clean(h);
      if (!name || isErrorFileColumn(h)) return;
      const column = byHeader.get(name);
      if (!column) unknown.push(h);
      else if ([...map.values()].includes(column)) throw badRequest(`列重复: ${h}`, 'file');
      else map.set(i, column);
    });
    if (unknown.length) throw badRequest(`无法识别的列: ${unknown.join(', ')} (请使用导入模板)`, 'file');
    const found = new Set([...map.values()].map((c) => c.field));
    const missing = columns.filter((c) => c.required && !found.has(c.field)).map((c) => c.header);
    if (missing.length) throw badRequest(`缺少必填列: ${missing.join(', ')} (请使用导入模板)`, 'file');
    return map;
  };

  /** The records (or dictionary items) a field's cells may name: label → keys, and each key to itself. */
  const lookups = async (scope: Scope): Promise<Lookups> => {
    const all: Lookups = new Map();
    for (const c of columns) {
      const f = def.fields[c.field];
      if (!f || !isNamedByLookup(f)) continue;
      const rows = await namedKeys(f, registry, db, scope);
      const map = new Map<string, string[]>();
      const add = (name: string, key: string) => map.set(name, [...new Set([...(map.get(name) ?? []), key])]);
      for (const r of rows) add(String(r.label), String(r.key));
      // a key names itself, ahead of any record whose name happens to be that text
      for (const r of rows) map.set(String(r.key), [String(r.key)]);
      all.set(c.field, map);
    }
    return all;
  };

  // the parent of a tree keyed by a field may be a row of the same file, not stored yet: the submit's checks find it or refuse it
  const parentInFile = def.tree && keyOf(def) !== 'id' ? def.tree.parentField : undefined;
  const resolve = (c: ImportColumn, text: string, lookups: Lookups): string => {
    const keys = lookups.get(c.field)?.get(text);
    if (!keys && c.field === parentInFile) return text;
    if (!keys) throw badRequest(`${c.header}: 找不到 “${text}”`, c.field);
    if (keys.length > 1) throw badRequest(`${c.header}: 有多条名为 “${text}” 的记录, 请填写 ID`, c.field);
    return keys[0];
  };

  const body = (cells: string[], map: ColumnMap, lookups: Lookups): Row => {
    const out: Row = {};
    for (const [i, c] of map) {
      const text = (cells[i] ?? '').trim();
      if (!text) continue;
      const f = def.fields[c.field];
      if (!f) out[c.field] = text;
      else if (f.kind === 'select') out[c.field] = f.options!.find((o) => o.label.zh === text || o.label.en === text || String(o.value) === text)?.value ?? text;
      else if (f.kind === 'switch') out[c.field] = YES.has(text.toLowerCase()) ? 1 : NO.has(text.toLowerCase()) ? 0 : text;
      else if (f.kind === 'multiRef')
        out[c.field] = text
          .split(SEPARATORS)
          .map((t) => t.trim())
          .filter(Boolean)
          .map((t) => resolve(c, t, lookups))
          .join(',');
      else if (f.ref || f.kind === 'dict') out[c.field] = resolve(c, text, lookups);
      else out[c.field] = text;
    }
    // what the form starts with, where the row leaves it empty
    for (const [k, f] of Object.entries(def.fields)) if (out[k] === undefined && f.default !== undefined && !f.virtual && !f.readonly) out[k] = f.default;
    // the same schema as the submit's: types, lengths, ranges and required fields, in the form's words
    if (!validate(out)) {
      const { msg, field } = validationMessage(validate.errors as never, 'body', deps.fieldMessages, (path) => out[path.split('/')[1]]);
      throw badRequest(msg, field);
    }
    const bad = unstorable(out);
    if (bad !== undefined) throw badRequest(`${bad || '参数'} 不合法: 含有无法保存的字符或数值`, bad || undefined);
    return out;
  };

  // records keyed by a field (a region's code): a row with a known key updates that record, as the form's edit would
  const keyField = keyOf(def);
  const prepare: Importer['prepare'] = async (who, b) => {
    if (keyField !== 'id' && b.id === undefined && b[keyField] !== undefined) {
      const self = registry.get(def.name);
      const [known] = await db
        .select({ key: self.key })
        .from(self.table)
        .where(visible(self.table, who.scope, eq(self.key, b[keyField])))
        .limit(1);
      if (known) b.id = String(b[keyField]);
    }
    return deps.prepare(who, b);
  };

  const tree = def.tree;
  return {
    def,
    columns,
    match,
    lookups,
    body,
    prepare,
    write: deps.write,
    written: deps.written,
    ...(tree && keyField !== 'id' ? { treeKeys: (b: Row) => ({ key: String(b[keyField] ?? ''), parent: String(b[tree.parentField] ?? tree.root) }) } : {}),
  };
}

/** the rows of the template that offer drop-downs */
const TEMPLATE_ROWS = 500;

/** The template of an import: the columns (required ones in red) and a sheet that says what each takes, with drop-downs for fixed choices. */
async function templateFile(importer: Importer, lookups: Lookups): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入模板');
  sheet.columns = importer.columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length * 3) }));
  importer.columns.forEach((c, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.font = { bold: true, color: c.required ? { argb: 'FFD4380D' } : undefined };
    cell.note = `${c.required ? '必填' : '选填'}: ${c.hint}`;
    const f = importer.def.fields[c.field];
    const choices =
      f?.kind === 'select' ? f.options!.map((o) => o.label.zh) : f?.kind === 'switch' ? ['是', '否'] : f?.kind === 'dict' ? [...new Set(lookups.get(c.field)?.keys())] : [];
    const list = choices.join(',');
    // Excel takes an inline list of at most 255 characters
    if (choices.length && list.length <= 255 && !list.includes('"')) {
      for (let r = 2; r <= TEMPLATE_ROWS; r++) sheet.getCell(r, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${list}"`] };
    }
  });
  const help = workbook.addWorksheet('说明');
  help.columns = [
    { header: '列', key: 'header', width: 20 },
    { header: '必填', key: 'required', width: 8 },
    { header: '填写说明', key: 'hint', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of importer.columns) help.addRow({ header: c.header, required: c.required ? '是' : '否', hint: c.hint });
  help.addRow({});
  help.addRow({ header: `每次最多 ${MAX_IMPORT_ROWS} 行, 文件不超过 ${MAX_IMPORT_BYTES / 1024 / 1024} MB; 只读取第一个工作表` });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Starts an import as a job of the upload centre (platform/import-jobs.ts). */
export interface ImportJobStarter {
  start(req: FastifyRequest, importer: Importer, file: { filename: string; data: Buffer }): Promise<string>;
}

/**
 * `GET {basePath}/import-template`: the file to fill in. `POST {basePath}/import-job`: an
 * .xlsx (multipart `file`) queued as an import; its type, size and columns are checked before
 * anything is queued, its rows by the job.
 */
export function importRoutes(app: FastifyInstance, { importer, jobs, tag }: { importer: Importer; jobs: ImportJobStarter; tag: string }): void {
  const def = importer.def;
  const permission = def.importable!.permission;
  app.get(pathOf(def, 'import-template'), {
    schema: { tags: [tag], summary: `${tag}: 导入模板 (.xlsx)`, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    config: { permission },
    handler: async (req, reply) => {
      const file = await templateFile(importer, await importer.lookups(scopeOf(req)));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(`${def.title.zh}导入模板.xlsx`))
        .send(file);
    },
  });
  app.post(pathOf(def, 'import-job'), {
    schema: {
      tags: [tag],
      summary: `${tag}: 导入 .xlsx 到上传中心 (后台任务, 逐行校验)`,
      consumes: ['multipart/form-data'],
      response: { 200: Envelope(Type.Object({ id: Type.String() })) },
    },
    config: { permission },
    handler: async (req) => {
      const part = req.isMultipart() ? await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } }) : undefined;
      if (!part) throw badRequest('请选择文件', 'file');
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`文件过大, 不能超过 ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'file');
        throw err;
      });
      return ok({ id: await jobs.start(req, importer, { filename: part.filename, data }) }, '已加入上传中心');
    },
  });
}
