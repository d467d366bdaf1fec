import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, getTableColumns, gt, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CRUD_MESSAGES, type FieldDef, type ResourceDef } from '@wb/contracts/resource';
import type { Db } from '../db/client';
import type { Access } from './access';
import { caller } from './auth';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok, PageOf } from './envelope';
import type { FieldMessages } from './errors';
import type { TotalCache } from './totals';

/** A business table: tenant-scoped, soft-deleted, with the audit columns. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  tenantId: PgColumn;
  isDeleted: PgColumn;
  createTime: PgColumn;
  createUser: PgColumn;
  createDept: PgColumn;
  updateUser: PgColumn;
  updateTime: PgColumn;
};

interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}
type ListStatement = Prepared<Record<string, unknown>[]>;
type CountStatement = Prepared<{ n: number }[]>;

export interface CrudDeps {
  db: Db;
  access: Access;
  totals: TotalCache;
}

const IdList = Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 4000, description: 'comma-separated ids' });
const DateParam = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', description: 'yyyy-MM-dd[ HH:mm:ss]' });

function fieldSchema(f: FieldDef): TSchema {
  if (f.kind === 'number') return Type.Number();
  const base = { maxLength: f.maxLength ?? 255, description: f.label.zh };
  // a required text must hold something besides spaces
  return f.required ? Type.String({ ...base, minLength: 1, pattern: '\\S' }) : Type.String(base);
}

function likePattern(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Registers list / detail / submit / remove for one resource definition
 * (DESIGN §4). Everything is scoped to the caller's tenant; writes are guarded
 * by the definition's button codes, the list by its menu code.
 */
export function registerResource<F extends Record<string, FieldDef>>(app: FastifyInstance, deps: CrudDeps, def: ResourceDef<F>, table: ResourceTable): void {
  const { db, access, totals } = deps;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fieldNames = Object.keys(def.fields);
  const searchable = fieldNames.filter((k) => def.fields[k].search);
  const uniques = def.unique ?? [];
  const tag = def.title.zh;

  const fieldMessages: FieldMessages = Object.fromEntries(fieldNames.map((k) => [k, { label: def.fields[k].label.zh, required: def.fields[k].required?.zh }]));

  const RecordSchema = Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    ...Object.fromEntries(fieldNames.map((k) => [k, def.fields[k].kind === 'number' ? Type.Number() : Type.String()])),
    createUser: Type.String(),
    createTime: Type.String(),
    updateUser: Type.String(),
    updateTime: Type.String(),
    status: Type.Integer(),
  });

  const toWire = (row: Record<string, unknown>) => ({
    ...row,
    id: idStr(row.id as number),
    createUser: idStr(row.createUser as number),
    updateUser: idStr(row.updateUser as number),
    createTime: formatTime(row.createTime as Date),
    updateTime: formatTime(row.updateTime as Date),
  });

  const ListQuery = Type.Object({
    current: Type.Integer({ minimum: 1, default: 1 }),
    size: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
    ...Object.fromEntries(searchable.map((k) => [k, Type.Optional(Type.String({ maxLength: 255, description: def.fields[k].label.zh }))])),
    createTime_dategt: Type.Optional(DateParam),
    createTime_datelt: Type.Optional(DateParam),
  });

  const DetailQuery = Type.Object({
    id: Type.Optional(Type.String({ pattern: '^\\d+$' })),
    ...Object.fromEntries(uniques.map((u) => [u.field, Type.Optional(Type.String({ maxLength: 255 }))])),
  });

  const SubmitBody: TObject = Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String({ pattern: '^\\d*$' }), Type.Integer({ minimum: 1 })])),
      ...Object.fromEntries(fieldNames.map((k) => [k, def.fields[k].required ? fieldSchema(def.fields[k]) : Type.Optional(fieldSchema(def.fields[k]))])),
    },
    // fields the client echoes back (createTime, tenantId …) are dropped, never written
    { additionalProperties: false },
  );

  const scope = (tenantId: string) => `${def.name}:${tenantId}`;
  // a literal, not a parameter: only then can a generic plan use the partial indexes (WHERE is_deleted = 0)
  const notDeleted = sql`${table.isDeleted} = 0`;
  const live = (tenantId: string) => and(eq(table.tenantId, tenantId), notDeleted) as SQL;

  // one prepared statement pair per combination of active filters: building the query
  // each time cost more than running it (measured on PGlite, see bench/)
  const statements = new Map<string, { rows: ListStatement; total: CountStatement }>();
  const prepareList = (active: string[]) => {
    const sig = active.join(',');
    let s = statements.get(sig);
    if (!s) {
      const conds: SQL[] = [eq(table.tenantId, sql.placeholder('tenantId')), notDeleted];
      for (const k of active) {
        const value = sql.placeholder(k);
        if (k === 'createTime_dategt') conds.push(gt(table.createTime, value));
        else if (k === 'createTime_datelt') conds.push(lt(table.createTime, value));
        else conds.push(def.fields[k].search === 'like' ? ilike(columns[k], value) : eq(columns[k], value));
      }
      const where = and(...conds);
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
      const q = req.query as Record<string, string | number | undefined>;
      const tenantId = caller(req).tenantId;
      const values: Record<string, unknown> = { tenantId };
      for (const k of searchable) {
        const v = typeof q[k] === 'string' ? (q[k] as string).trim() : '';
        // empty search values are dropped (admin spec §2)
        if (v) values[k] = def.fields[k].search === 'like' ? likePattern(v) : v;
      }
      for (const k of ['createTime_dategt', 'createTime_datelt']) if (q[k]) values[k] = new Date(String(q[k]));
      const active = Object.keys(values).filter((k) => k !== 'tenantId');
      const stmt = prepareList(active);
      const current = Number(q.current);
      const size = Number(q.size);
      const total = await totals.get(scope(tenantId), JSON.stringify(values), async () => Number((await stmt.total.execute(values))[0].n));
      const rows = await stmt.rows.execute({ ...values, limit: size, offset: (current - 1) * size });
      return ok({ records: rows.map(toWire), total, size, current, pages: Math.ceil(total / size) });
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

  app.post(`${def.basePath}/submit`, {
    schema: { tags: [tag], summary: `${tag}: 新增或修改 (无 id 新增, 有 id 修改)`, body: SubmitBody, response: { 200: Envelope(RecordSchema) } },
    config: { fieldMessages },
    handler: async (req) => {
      const user = caller(req);
      const body = req.body as Record<string, unknown>;
      const id = body.id ? Number(body.id) : undefined;
      await access.require(req, id ? def.permissions.edit : def.permissions.add);
      const values = Object.fromEntries(fieldNames.filter((k) => body[k] !== undefined).map((k) => [k, typeof body[k] === 'string' ? (body[k] as string).trim() : body[k]]));
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
        const hit = (err as { code?: string }).code === '23505' ? uniques[0] : undefined;
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
}
