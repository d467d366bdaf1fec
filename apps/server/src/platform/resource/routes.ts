import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, getTableColumns, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CRUD_MESSAGES, type FieldDef, type AnyResourceDef } from '@wb/contracts/resource';
import type { Db } from '../../db/client';
import type { Access } from '../access';
import { caller } from '../auth';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok, PageOf, pageOf } from '../envelope';
import type { TotalCache } from '../totals';
import { xlsxStream } from './export';
import { filterValues, filterWhere } from './filters';
import type { ResourceRegistry } from './registry';
import { IdList, resourceSchemas } from './schemas';
import type { ResourceTable } from './table';

export type { ResourceTable } from './table';

interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

export interface CrudDeps {
  db: Db;
  access: Access;
  totals: TotalCache;
  registry: ResourceRegistry;
}

const EXPORT_BATCH = 1000;
const SELECT_LIMIT = 1000;

/**
 * Registers list / detail / submit / remove / select / export for one resource
 * definition (DESIGN §4). Everything is scoped to the caller's tenant; writes are
 * guarded by the definition's button codes, list and export by its menu code.
 */
export function registerResource(app: FastifyInstance, deps: CrudDeps, def: AnyResourceDef, table: ResourceTable): void {
  const { db, access, totals, registry } = deps;
  const self = registry.add(def, table);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fields: Record<string, FieldDef> = def.fields;
  const names = Object.keys(fields);
  const refFields = names.filter((k) => fields[k].kind === 'ref');
  const uniques = def.unique ?? [];
  const tag = def.title.zh;
  const { fieldMessages, Record: RecordSchema, ListQuery, ExportQuery, DetailQuery, SubmitBody, searchable } = resourceSchemas(def);

  const toWire = (row: Record<string, unknown>) => ({
    ...row,
    ...Object.fromEntries(refFields.map((k) => [k, idStr(row[k] as number)])),
    id: idStr(row.id as number),
    createUser: idStr(row.createUser as number),
    updateUser: idStr(row.updateUser as number),
    createTime: formatTime(row.createTime as Date),
    updateTime: formatTime(row.updateTime as Date),
  });

  const scope = (tenantId: string) => `${def.name}:${tenantId}`;
  const live = (tenantId: string) => and(eq(table.tenantId, tenantId), sql`${table.isDeleted} = 0`) as SQL;

  // one prepared statement pair per combination of active filters: building the query
  // each time cost more than running it (measured on PGlite, see bench/)
  const statements = new Map<string, { rows: Prepared<Record<string, unknown>[]>; total: Prepared<{ n: number }[]> }>();
  const prepareList = (active: string[]) => {
    const sig = active.join(',');
    let s = statements.get(sig);
    if (!s) {
      const where = filterWhere(def, table, columns, sql.placeholder('tenantId'), active, (k) => sql.placeholder(k));
      const n = statements.size;
      s = {
        rows: db.select().from(table).where(where).orderBy(desc(table.id)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(`${def.name}_list_${n}`),
        total: db.select({ n: count() }).from(table).where(where).prepare(`${def.name}_count_${n}`),
      };
      statements.set(sig, s);
    }
    return s;
  };

  app.get(`${def.basePath}/list`, {
    schema: { tags: [tag], summary: `${tag}: 分页列表`, querystring: ListQuery, response: { 200: Envelope(PageOf(RecordSchema)) } },
    config: { fieldMessages },
    handler: async (req) => {
      await access.require(req, def.name);
      const q = req.query as Record<string, unknown>;
      const tenantId = caller(req).tenantId;
      const values = filterValues(def, searchable, q);
      const stmt = prepareList(Object.keys(values));
      const bound = { ...values, tenantId };
      const current = Number(q.current);
      const size = Number(q.size);
      const total = await totals.get(scope(tenantId), JSON.stringify(values), async () => Number((await stmt.total.execute(bound))[0].n));
      const rows = await stmt.rows.execute({ ...bound, limit: size, offset: (current - 1) * size });
      return ok(pageOf(rows.map(toWire), total, current, size));
    },
  });

  app.get(`${def.basePath}/detail`, {
    schema: { tags: [tag], summary: `${tag}: 详情 (id 或唯一键)`, querystring: DetailQuery, response: { 200: Envelope(RecordSchema) } },
    handler: async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const conds: SQL[] = [live(caller(req).tenantId)];
      if (q.id) conds.push(eq(table.id, Number(q.id)));
      for (const u of uniques) if (q[u.field]) conds.push(eq(columns[u.field], q[u.field]));
      if (conds.length === 1) throw badRequest(`缺少必填参数 id`, 'id');
      const [row] = await db.select().from(table).where(and(...conds)).limit(1);
      if (!row) throw notFound(CRUD_MESSAGES.notFound.zh);
      return ok(toWire(row));
    },
  });

  app.get(`${def.basePath}/select`, {
    schema: {
      tags: [tag],
      summary: `${tag}: 下拉选项 (id, label)`,
      response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), label: Type.String() }))) },
    },
    handler: async (req) => {
      const rows = await db
        .select({ id: table.id, label: self.label })
        .from(table)
        .where(live(caller(req).tenantId))
        .orderBy(desc(table.id))
        .limit(SELECT_LIMIT);
      return ok(rows.map((r) => ({ id: idStr(r.id as number), label: String(r.label) })));
    },
  });

  /** Values of a submit, trimmed, with defaults for a new record; refs must point into the tenant. */
  const writableValues = async (req: FastifyRequest, body: Record<string, unknown>, isNew: boolean) => {
    const tenantId = caller(req).tenantId;
    const values: Record<string, unknown> = {};
    for (const k of names) {
      let v = body[k];
      if (v === undefined && isNew && fields[k].default !== undefined) v = fields[k].default;
      if (v === undefined) continue;
      if (typeof v === 'string') v = v.trim();
      if (fields[k].kind === 'ref') v = v === '' ? null : Number(v);
      if (fields[k].kind === 'image' && v && !/^(\/us-resource\/|https?:\/\/)/.test(String(v))) throw badRequest(`${fields[k].label.zh}地址不正确`, k);
      values[k] = v;
    }
    for (const k of refFields) {
      if (values[k] === null || values[k] === undefined) continue;
      const target = registry.get(fields[k].ref!.resource);
      const [found] = await db
        .select({ id: target.table.id })
        .from(target.table)
        .where(and(eq(target.table.id, values[k]), eq(target.table.tenantId, tenantId), sql`${target.table.isDeleted} = 0`))
        .limit(1);
      if (!found) throw badRequest(`${fields[k].label.zh}不存在`, k);
    }
    return values;
  };

  app.post(`${def.basePath}/submit`, {
    schema: { tags: [tag], summary: `${tag}: 新增或修改 (无 id 新增, 有 id 修改)`, body: SubmitBody, response: { 200: Envelope(RecordSchema) } },
    config: { fieldMessages },
    handler: async (req) => {
      const user = caller(req);
      const body = req.body as Record<string, unknown>;
      const id = body.id ? Number(body.id) : undefined;
      await access.require(req, id ? def.permissions.edit : def.permissions.add);
      const values = await writableValues(req, body, !id);
      for (const u of uniques) {
        if (values[u.field] === undefined) continue;
        const conds = [live(user.tenantId), eq(columns[u.field], values[u.field])];
        if (id) conds.push(ne(table.id, id));
        const [dup] = await db.select({ id: table.id }).from(table).where(and(...conds)).limit(1);
        if (dup) throw badRequest(u.message.zh, u.field);
      }
      let row: Record<string, unknown> | undefined;
      try {
        if (id) {
          [row] = await db
            .update(table)
            .set({ ...values, updateUser: user.userId, updateTime: new Date() })
            .where(and(live(user.tenantId), eq(table.id, id)))
            .returning();
          if (!row) throw notFound(CRUD_MESSAGES.notFound.zh);
        } else {
          [row] = await db
            .insert(table)
            .values({ ...values, tenantId: user.tenantId, createUser: user.userId, createDept: Number(user.deptId.split(',')[0]) || null, updateUser: user.userId } as never)
            .returning();
        }
      } catch (err) {
        // the unique index settles a race the check above lost
        const hit = (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505' ? uniques[0] : undefined;
        if (hit) throw badRequest(hit.message.zh, hit.field);
        throw err;
      }
      totals.forget(scope(user.tenantId));
      return ok(toWire(row!), id ? CRUD_MESSAGES.updated.zh : CRUD_MESSAGES.added.zh);
    },
  });

  app.post(`${def.basePath}/remove`, {
    schema: { tags: [tag], summary: `${tag}: 删除`, querystring: Type.Object({ ids: IdList }), response: { 200: EmptyEnvelope } },
    config: { fieldMessages: { ids: { label: 'ids', required: CRUD_MESSAGES.selectOne.zh } } },
    handler: async (req) => {
      const user = caller(req);
      await access.require(req, def.permissions.delete);
      const ids = (req.query as { ids: string }).ids.split(',').map(Number);
      const gone = await db
        .update(table)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() } as never)
        .where(and(live(user.tenantId), inArray(table.id, ids)))
        .returning({ id: table.id });
      if (!gone.length) throw notFound(CRUD_MESSAGES.notFound.zh);
      totals.forget(scope(user.tenantId));
      return ok(true, CRUD_MESSAGES.deleted.zh);
    },
  });

  app.get(`${def.basePath}/export`, {
    schema: {
      tags: [tag],
      summary: `${tag}: 导出 Excel (流式, 条件同列表)`,
      querystring: ExportQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { fieldMessages },
    handler: async (req, reply) => {
      await access.require(req, def.name);
      const tenantId = caller(req).tenantId;
      const values = filterValues(def, searchable, req.query as Record<string, unknown>);
      // a list binds as one array parameter, not spread into a tuple
      const where = filterWhere(def, table, columns, tenantId, Object.keys(values), (k) => (Array.isArray(values[k]) ? sql.param(values[k]) : values[k]));
      // refs are exported by name, looked up once per referenced resource
      const refLabels = new Map<string, Map<string, string>>();
      for (const k of refFields) {
        const target = registry.get(fields[k].ref!.resource);
        const rows = await db.select({ id: target.table.id, label: target.label }).from(target.table).where(eq(target.table.tenantId, tenantId));
        refLabels.set(k, new Map(rows.map((r) => [idStr(r.id as number), String(r.label)])));
      }
      const optionLabel = (k: string, v: unknown) => fields[k].options?.find((o) => String(o.value) === String(v))?.label.zh ?? String(v ?? '');
      const cell = (k: string, row: Record<string, unknown>) => {
        const f = fields[k];
        if (f.kind === 'ref') return refLabels.get(k)!.get(String(row[k])) ?? '';
        if (f.kind === 'select') return optionLabel(k, row[k]);
        if (f.kind === 'switch') return row[k] ? '是' : '否';
        return row[k];
      };
      async function* batches() {
        let last: number | undefined;
        for (;;) {
          const rows = await db
            .select()
            .from(table)
            .where(last === undefined ? where : and(where, lt(table.id, last)))
            .orderBy(desc(table.id))
            .limit(EXPORT_BATCH);
          if (!rows.length) return;
          yield rows.map((r) => ({ id: idStr(r.id as number), ...Object.fromEntries(names.map((k) => [k, cell(k, r)])), createTime: formatTime(r.createTime as Date) }));
          last = rows[rows.length - 1].id as number;
        }
      }
      const sheetColumns = [
        { header: 'ID', key: 'id', width: 20 },
        ...names.map((k) => ({ header: fields[k].label.zh, key: k, width: Math.min(40, Math.max(12, (fields[k].maxLength ?? 20) / 4)) })),
        { header: '创建时间', key: 'createTime', width: 20 },
      ];
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(def.title.zh)}.xlsx`)
        .send(xlsxStream(def.title.zh, sheetColumns, batches()));
    },
  });
}
