import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { actionPath, CRUD_MESSAGES, keyOf, labelFieldOf, menuOf, pathOf, type AnyResourceDef, type FieldDef, type ResourceDef } from '@wb/contracts/resource';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import type { Db } from '../../db/client';
import type { Access } from '../access';
import type { AuthUser } from '../auth';
import { caller } from '../auth';
import { badRequest, EmptyEnvelope, Envelope, notFound, ok, pageOf, PageOf } from '../envelope';
import type { Permission } from '../permissions';
import type { SecretBox } from '../secrets';
import { isTenantTable, scopeOf, type Scope } from '../scope';
import type { TotalCache } from '../totals';
import { exporterOf, exportRoutes, type ExportJobStarter } from './export';
import { refuseUnknown } from './filters';
import type { CustomFilter } from './filters';
import { importerOf, importRoutes, type ImportJobStarter } from './import';
import { choiceNames } from './names';
import type { ResourceRegistry } from './registry';
import { dropUntouched, keyList, keyText, resourceSchemas } from './schemas';
import { listOrder, sortColumns } from './sorting';
import { ResourceStore, type PartialIndex } from './store';
import { fromWire, toWire, type Row } from './wire';

export interface CrudDeps {
  db: Db;
  /** seals the `sealed` password fields */
  secrets: SecretBox;
  totals: TotalCache;
  registry: ResourceRegistry;
  /** the download centre's jobs; without them a resource exports by direct download only */
  exportJobs?: ExportJobStarter;
  /** the upload centre's jobs; without them nothing is importable */
  importJobs?: ImportJobStarter;
  /** the callers' codes, for values only the edit right reads (ResourceOptions.secret); without it they are always masked */
  access?: Access;
}

/**
 * What a hook or an action handler gets: the request, its scope and the store (its
 * reads are scoped too). Before-hooks run ahead of the write's transaction; after-hooks
 * inside it, and must use `db` (the transaction), not the store's own reads, which
 * would wait for the transaction to end on the embedded database.
 */
export interface WriteContext {
  /** absent when the write is a row of an import, run as a job */
  req?: FastifyRequest;
  scope: Scope;
  user: AuthUser;
  /** the write's transaction in after-hooks, the database in before-hooks */
  db: Db;
  store: ResourceStore;
  /**
   * Values added to the submit's answer, once (the def's `revealOnce` field: a secret made by the
   * server, in clear only here). The same object in the before- and after-hooks of one submit.
   */
  answer: Row;
}

/** Who submits: a request, or a row of an import made by the user as they were then. */
export type Submitter = Pick<WriteContext, 'req' | 'scope' | 'user'>;

/** A submit whose checks passed, ready to be written: by the submit route, or by a batch of an import (crud/import.ts). */
export interface PreparedSubmit {
  isNew: boolean;
  values: Row;
  existing?: Row;
  existingKey?: string | number;
  ancestors?: string;
  /** what the hooks add to the answer */
  answer: Row;
}

export interface ResourceHooks {
  /** may change `values` or refuse with badRequest; `existing` is the stored row of an update */
  beforeSubmit?(ctx: WriteContext, values: Row, existing: Row | undefined): void | Promise<void>;
  /** `existing`: the row as it was before an update (what a limit compares the new row with) */
  afterSubmit?(ctx: WriteContext, row: Row, isNew: boolean, existing: Row | undefined): void | Promise<void>;
  beforeRemove?(ctx: WriteContext, rows: Row[]): void | Promise<void>;
  afterRemove?(ctx: WriteContext, rows: Row[]): void | Promise<void>;
  /** after the removal's transaction committed: what must not happen unless it did (deleting stored bytes) */
  removed?(ctx: Omit<WriteContext, 'answer'>, rows: Row[]): Promise<void>;
}

export interface ActionContext extends Omit<WriteContext, 'db' | 'answer' | 'req'> {
  req: FastifyRequest;
  /** the chosen records' keys (from the action's ids parameter) */
  keys: (string | number)[];
  body: Row;
}

export interface ResourceOptions {
  hooks?: ResourceHooks;
  /**
   * Values a record answers that the database computes beside its columns, in the same
   * statement (the names of the ids it holds); their schemas go in `answers`.
   */
  computed?: Record<string, (scope: Scope) => SQL>;
  /** schemas of what `computed` adds */
  answers?: Record<string, TSchema>;
  /**
   * Records whose detail any signed-in user may read by this unique field (the parameters the
   * shell reads: the upgrade info); read by id or any other value, the detail needs the menu.
   */
  openDetail?: { field: string; values: readonly string[] };
  /**
   * Values only a holder of the def's edit right reads (a parameter holding a password): to anyone
   * else the list, the detail and the export answer `fields` of the records `when` picks as
   * SECRET_MASK. Reading a list must not hand out what only an editor should know.
   */
  secret?: { fields: readonly string[]; when(record: Row): boolean };
  /** filters beyond the fields' own (a user's dept with its descendants) */
  filters?: Record<string, CustomFilter & { schema: TSchema }>;
  /** per filter, the partial index that serves some of its values (the API log's status index, 200 left out) */
  partialIndexes?: Record<string, PartialIndex>;
  /**
   * A handler for each of the def's actions; it answers the success message, or nothing for the
   * def's, or `{ msg?, data }` when the answer carries data (an action marked `reveal`).
   */
  actions?: Record<string, (ctx: ActionContext) => Promise<string | void | { msg?: string; data: Row }>>;
  /** more paths answering the same calls (the family's v2 paths), relative to basePath, or absolute ('/us-system/v2/role/page') */
  aliases?: Partial<Record<'list' | 'detail' | 'add' | 'update' | 'remove' | 'tree' | 'lazy-list', string[]>>;
  /**
   * More paged lists of the same records, each a narrower view: path → its extra
   * query parameters and the condition they make (the dictionaries' parent-list and child-list).
   */
  views?: Record<string, { summary: string; query?: Record<string, TSchema>; where(q: Record<string, string | undefined>, store: ResourceStore): SQL | undefined }>;
  /** filters the `tree` call takes besides tenantId (the dictionaries' `code`) */
  treeFilters?: Record<string, { schema: TSchema; where(value: string, store: ResourceStore): SQL | undefined }>;
}

/** The detail's permission when some records are open to every signed-in user (ResourceOptions.openDetail). */
const openDetail =
  ({ field, values }: { field: string; values: readonly string[] }, menu: string) =>
  (req: FastifyRequest): string | null => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    return q.id === undefined && values.includes(q[field] as string) ? null : menu;
  };

/** A table with a column for every field of the def that is stored: a field missing from the table does not compile. */
export type TableFor<F> = PgTable & { [K in keyof F as F[K] extends { virtual: true } ? never : K]: PgColumn };

const EXPORT_BATCH = 1000;

/** ActionReport (contracts/resource.ts): what a checking action found. */
const ActionReportSchema = Type.Object({
  ok: Type.Boolean(),
  summary: Type.String(),
  items: Type.Array(Type.Object({ label: Type.String(), value: Type.String(), ok: Type.Optional(Type.Boolean()) })),
});

/** Names of the resources whose forms pick records of `name`: their pages may read its options and tree. */
export const readersOf = (name: string) => RESOURCES.filter((d) => d.name !== name && Object.values(d.fields).some((f: FieldDef) => f.ref?.resource === name)).map((d) => d.name);

/** The fields other forms narrow `name`'s options by (a project form's cities by `companyId`: FieldDef.ref.within). */
const cascadesOf = (name: string) =>
  new Set(RESOURCES.flatMap((d) => Object.values(d.fields).flatMap((f: FieldDef) => (f.ref?.resource === name && f.ref.within ? [f.ref.within] : []))));

/**
 * Registers a resource's calls from its definition: list, detail, submit, remove,
 * select and export; for a tree lazy-list, tree and lazy-tree; its actions. Each
 * route declares its permission (read routes the menu code, writes the button
 * codes); every read and write goes through the store, scoped by the caller.
 */
export function registerResource<F extends Record<string, FieldDef>>(
  app: FastifyInstance,
  deps: CrudDeps,
  typed: ResourceDef<F>,
  table: TableFor<F>,
  options: ResourceOptions = {},
): ResourceStore {
  const { db, registry } = deps;
  const def = typed as unknown as AnyResourceDef;
  const self = registry.add(def, table);
  checkColumns(def, table, self.columns);
  const custom = Object.fromEntries(Object.entries(options.filters ?? {}));
  const names = choiceNames(def, self.columns, registry, new Set(Object.keys(options.computed ?? {})));
  const computed = { ...names, ...options.computed };
  const store = new ResourceStore(db, self, registry, deps.totals, custom, computed, options.partialIndexes);
  const computedNames = Object.keys(computed);
  const hooks = options.hooks ?? {};
  const tag = def.title.zh;
  const key = keyOf(def);
  const schemas = resourceSchemas(def, {
    answers: { ...Object.fromEntries(Object.keys(names).map((k) => [k, Type.String()])), ...options.answers },
    filters: Object.fromEntries(Object.entries(options.filters ?? {}).map(([k, f]) => [k, f.schema])),
  });
  const { fieldMessages, Record: RecordSchema } = schemas;
  const menu = menuOf(def);
  const readers: Permission = [menu, ...readersOf(def.name)];
  const cascades = cascadesOf(def.name);
  /**
   * select: the pages whose forms pick from it, narrowed at most by their cascade; any other filter
   * (a user's phone) is a reading of the list, for its own menu only.
   */
  const selecting: Permission = (req) => (Object.keys((req.query as object | undefined) ?? {}).every((k) => cascades.has(k)) ? readers : menu);
  // the platform's shared rows (menus, regions, tenants …) are written by the default tenant only
  const platform = def.tenancy === 'global' ? { platform: true } : {};
  const allowedFilters = new Set(Object.keys(schemas.ListQuery.properties));
  const sorts = sortColumns(def, self.columns);
  // a value the server makes and answers once (a client secret): in the add's answer and a reveal action's
  const revealed = def.revealOnce?.field;
  const SubmitAnswer = revealed ? Type.Object({ ...RecordSchema.properties, [revealed]: Type.Optional(Type.String()) }) : RecordSchema;

  /** The caller's scope, marked `masked` when the def keeps secrets and the caller lacks its edit right. */
  const readingScope = async (req: FastifyRequest): Promise<Scope> => {
    const scope = scopeOf(req);
    if (!options.secret) return scope;
    const mayRead = deps.access ? (await deps.access.grants(caller(req).roleIds)).codes.has(def.permissions.edit) : false;
    return mayRead ? scope : { ...scope, masked: true };
  };
  const answer = (rows: Row[], scope?: Scope): Row[] => {
    const records = rows.map((r) => ({
      ...toWire(def, self.columns, r),
      ...Object.fromEntries(computedNames.map((k) => [k, r[k] ?? ''])),
      ...(r.hasChildren !== undefined ? { hasChildren: r.hasChildren } : {}),
    }));
    return scope?.masked && options.secret ? records.map((r) => maskSecrets(r, options.secret!)) : records;
  };

  /** Registers a route under basePath, and under each alias path. */
  const route = (verb: Parameters<typeof pathOf>[1] | null, path: string, opts: Omit<RouteOptions, 'url'>, aliases: string[] = []) => {
    for (const url of [verb ? pathOf(def, verb) : `${def.basePath}/${path}`, ...aliases.map((a) => (a.startsWith('/') ? a : `${def.basePath}/${a}`))])
      app.route({ ...opts, url } as RouteOptions);
  };

  /** A paged list; `narrow` names the parameters that select a view of the records (not filters). */
  const listRoute = (summary: string, narrow: Record<string, TSchema>, where: (req: FastifyRequest) => SQL | undefined): Omit<RouteOptions, 'url'> => {
    const allowed = new Set([...allowedFilters, ...Object.keys(narrow)]);
    return {
      method: 'GET',
      schema: {
        tags: [tag],
        summary: `${tag}: ${summary}`,
        querystring: Type.Object({ ...schemas.ListQuery.properties, ...narrow }),
        response: { 200: Envelope(PageOf(RecordSchema)) },
      },
      config: { permission: menu, fieldMessages },
      preValidation: refuseUnknown(allowed),
      handler: async (req) => {
        const q = req.query as Record<string, unknown>;
        const current = Number(q.current);
        const size = Number(q.size);
        const scope = await readingScope(req);
        const filters = Object.fromEntries(Object.entries(q).filter(([k]) => !(k in narrow)));
        const { rows, total } = await store.page(scope, filters, current, size, where(req), listOrder(sorts, q));
        return ok(pageOf(answer(rows, scope), total, current, size));
      },
    };
  };
  route(
    'list',
    'list',
    listRoute('分页列表', {}, () => undefined),
    options.aliases?.list,
  );
  if (def.forestList && def.tree)
    forestRoute(def, def.tree, {
      route,
      schemas,
      RecordSchema,
      allowed: allowedFilters,
      read: async (req) => {
        const scope = await readingScope(req);
        return answer(await store.matching(scope, req.query as Row), scope);
      },
    });
  for (const [path, view] of Object.entries(options.views ?? {})) {
    route(
      null,
      path,
      listRoute(view.summary, Object.fromEntries(Object.entries(view.query ?? {}).map(([k, v]) => [k, Type.Optional(v)])), (req) =>
        view.where(req.query as Record<string, string | undefined>, store),
      ),
    );
  }

  route(
    'detail',
    'detail',
    {
      method: 'GET',
      schema: {
        tags: [tag],
        summary: `${tag}: 详情 (id${key !== 'id' ? ` 或 ${key}` : ''}${(def.unique ?? []).map((u) => ` 或 ${u.field}`).join('')})`,
        querystring: schemas.DetailQuery,
        response: { 200: Envelope(RecordSchema) },
      },
      config: { permission: options.openDetail ? openDetail(options.openDetail, menu) : menu },
      handler: async (req) => {
        const q = req.query as Record<string, string | undefined>;
        const scope = await readingScope(req);
        const byKey = q.id ?? q[key];
        const unique = (def.unique ?? []).find((u) => q[u.field]);
        if (byKey === undefined && !unique) throw badRequest(`缺少必填参数 id`, 'id');
        const row = await store.findListed(scope, byKey !== undefined ? store.whereField(key, byKey) : store.whereField(unique!.field, q[unique!.field]!));
        if (!row) throw notFound(CRUD_MESSAGES.notFound.zh);
        return ok(answer([row], scope)[0]);
      },
    },
    options.aliases?.detail,
  );

  // a tree is picked from its tree (`tree`); `select` of a tree resource is the family's own call (a user's depts, roles)
  if (!def.tree)
    route('select', 'select', {
      method: 'GET',
      schema: {
        tags: [tag],
        summary: `${tag}: 下拉选项 (id, label, 及其自身的键与名称字段; 条件同列表, 如某项目的网格)`,
        querystring: schemas.ExportQuery,
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), label: Type.String() }, { additionalProperties: Type.String() }))) },
      },
      config: { permission: selecting, fieldMessages },
      preValidation: refuseUnknown(new Set(Object.keys(schemas.ExportQuery.properties))),
      handler: async (req) => ok(await store.options(scopeOf(req), req.query as Record<string, unknown>)),
    });

  /**
   * A submit's checks, done before its write and outside any transaction (their reads go
   * through the store): the values as stored, the record it updates, its place in the tree.
   */
  const prepare = async (who: Submitter, body: Row): Promise<PreparedSubmit> => {
    const { scope, user, req } = who;
    const isNew = body.id === undefined || body.id === '';
    if (isNew && def.noAdd) throw badRequest(CRUD_MESSAGES.noAdd.zh, 'id');
    const existing = isNew ? undefined : await store.findByKey(scope, body.id as string);
    if (!isNew && !existing) throw notFound(CRUD_MESSAGES.notFound.zh);
    const values = await fromWire(def, self.columns, body, existing, deps.secrets);
    await store.checkRefs(scope, values, existing);
    await store.checkDicts(scope, values);
    const existingKey = existing ? (existing[key] as string | number) : undefined;
    for (const u of def.unique ?? []) {
      if (values[u.field] !== undefined && (await store.taken(scope, u.field, values[u.field], existingKey))) throw badRequest(u.message.zh, u.field);
    }
    const ancestors = def.tree ? await store.placeInTree(scope, values, existing) : undefined;
    if (ancestors !== undefined) values.ancestors = ancestors;
    const answer: Row = {};
    await hooks.beforeSubmit?.({ req, scope, user, db, store, answer }, values, existing);
    return { isNew, values, existing, existingKey, ancestors, answer };
  };
  /** A prepared submit's write, inside the caller's transaction; a unique value taken meanwhile throws that field's message. */
  const write = async (tx: Db, who: Submitter, p: PreparedSubmit): Promise<Row> => {
    const ctx: WriteContext = { ...who, db: tx, store, answer: p.answer };
    try {
      // a savepoint: a write that fails leaves the caller's transaction usable (an import's batch)
      return await tx.transaction(async (sp) => {
        const saved = p.existing ? await store.update(sp as unknown as Db, who.scope, p.existingKey!, p.values, who.user) : await store.insert(sp as unknown as Db, p.values, who.user);
        if (p.existing && p.ancestors !== undefined) await store.moveDescendants(sp as unknown as Db, who.scope, String(p.existingKey), String(p.existing.ancestors ?? ''), p.ancestors);
        await hooks.afterSubmit?.({ ...ctx, db: sp as unknown as Db }, saved, p.isNew, p.existing);
        return saved;
      });
    } catch (err) {
      // the unique index settles a race the checks above lost: name the field it is about
      const hit = store.uniqueViolation(err);
      if (hit) throw badRequest(hit.message.zh, hit.field);
      throw err;
    }
  };
  const submit: Omit<RouteOptions, 'url'> = {
    method: 'POST',
    schema: { tags: [tag], summary: `${tag}: 新增或修改 (无 id 新增, 有 id 修改)`, body: schemas.SubmitBody, response: { 200: Envelope(SubmitAnswer) } },
    config: { permission: (req: FastifyRequest) => ((req.body as Row | undefined)?.id ? def.permissions.edit : def.permissions.add), fieldMessages, ...platform },
    preValidation: async (req: FastifyRequest) => {
      if (req.body && typeof req.body === 'object') dropUntouched(def, req.body as Row);
    },
    handler: async (req) => {
      const who: Submitter = { req, scope: scopeOf(req), user: caller(req) };
      const p = await prepare(who, req.body as Row);
      const row = await db.transaction((tx) => write(tx as unknown as Db, who, p));
      store.forgetTotals();
      // answered as a list answers it: computed values included
      const saved = (await store.findListed(who.scope, store.whereField(key, String(row[key])))) ?? row;
      return ok({ ...answer([saved])[0], ...p.answer }, p.isNew ? CRUD_MESSAGES.added.zh : CRUD_MESSAGES.updated.zh);
    },
  };
  const remove: Omit<RouteOptions, 'url'> = {
    method: 'POST',
    schema: { tags: [tag], summary: `${tag}: 删除`, querystring: Type.Object({ ids: Type.Optional(keyList(def)), id: Type.Optional(keyList(def)) }), response: { 200: EmptyEnvelope } },
    config: { permission: def.permissions.delete, fieldMessages: { ids: { label: 'ids', required: CRUD_MESSAGES.selectOne.zh } }, ...platform },
    handler: async (req) => {
      const user = caller(req);
      const scope = scopeOf(req);
      const q = req.query as { ids?: string; id?: string };
      const keys = store.keysOf(q.ids ?? q.id ?? '');
      if (!keys.length) throw badRequest(CRUD_MESSAGES.selectOne.zh, 'ids');
      const rows = await store.findMany(scope, keys);
      if (!rows.length) throw notFound(CRUD_MESSAGES.notFound.zh);
      const found = rows.map((r) => r[key] as string | number);
      if (def.tree) {
        if ((await store.withChildren(scope, found)).length) throw badRequest(CRUD_MESSAGES.hasChildren.zh, 'ids');
      }
      // the resource's own refusals (not oneself) say more than that something else points at it
      await hooks.beforeRemove?.({ req, scope, user, db, store, answer: {} }, rows);
      await store.checkNotReferenced(scope, found);
      await db.transaction(async (tx) => {
        const ctx: WriteContext = { req, scope, user, db: tx as unknown as Db, store, answer: {} };
        await store.remove(ctx.db, scope, found, user);
        await hooks.afterRemove?.(ctx, rows);
      });
      store.forgetTotals();
      await hooks.removed?.({ req, scope, user, db, store }, rows);
      return ok(true, CRUD_MESSAGES.deleted.zh);
    },
  };

  if (!def.readOnly) {
    route('add', 'submit', submit, options.aliases?.add);
    if (pathOf(def, 'update') !== pathOf(def, 'add')) route('update', 'update', submit, options.aliases?.update);
    route('remove', 'remove', remove, options.aliases?.remove);
  }

  if (def.tree) {
    const parentField = def.tree.parentField;
    const ParentQuery = Type.Object({ [parentField]: Type.Optional(Type.Union([keyText(def), Type.Literal('')])) });
    const TreeNodeSchema = Type.Recursive((Node) =>
      Type.Object({
        id: Type.String(),
        parentId: Type.String(),
        title: Type.String(),
        key: Type.String(),
        value: Type.String(),
        hasChildren: Type.Boolean(),
        children: Type.Optional(Type.Array(Node)),
      }),
    );
    const parentOf = (req: FastifyRequest) => (req.query as Record<string, string | undefined>)[parentField] || undefined;
    const allowedLazy = new Set([...allowedFilters, parentField].filter((k) => k !== 'current' && k !== 'size'));
    route(
      null,
      'lazy-list',
      {
        method: 'GET',
        schema: {
          tags: [tag],
          summary: `${tag}: 懒加载列表 (${parentField} 的下一级, 带 hasChildren)`,
          querystring: Type.Object({ ...ParentQuery.properties, ...schemas.ExportQuery.properties }),
          response: { 200: Envelope(Type.Array(RecordSchema)) },
        },
        config: { permission: menu, fieldMessages },
        preValidation: refuseUnknown(allowedLazy),
        handler: async (req) => {
          const scope = scopeOf(req);
          return ok(answer(await store.level(scope, parentOf(req), req.query as Record<string, unknown>)));
        },
      },
      options.aliases?.['lazy-list'],
    );
    const treeFilters = options.treeFilters ?? {};
    route(
      null,
      'tree',
      {
        method: 'GET',
        schema: {
          tags: [tag],
          summary: `${tag}: 树 (叶子节点无 children)`,
          // tenantId: the family's clients send it; the caller's own tenant is what they see
          querystring: Type.Object({
            tenantId: Type.Optional(Type.String({ maxLength: 12 })),
            ...Object.fromEntries(Object.entries(treeFilters).map(([k, f]) => [k, Type.Optional(f.schema)])),
          }),
          response: { 200: Envelope(Type.Array(TreeNodeSchema)) },
        },
        config: { permission: readers },
        handler: async (req) => {
          const q = req.query as Record<string, string | undefined>;
          const conds = Object.entries(treeFilters).map(([k, f]) => (q[k] ? f.where(q[k]!, store) : undefined));
          return ok(await store.tree(scopeOf(req), and(...conds)));
        },
      },
      options.aliases?.tree,
    );
    route(null, 'lazy-tree', {
      method: 'GET',
      schema: { tags: [tag], summary: `${tag}: 懒加载树 (${parentField} 的下一级)`, querystring: ParentQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { permission: readers },
      handler: async (req) => ok(await store.lazyTree(scopeOf(req), parentOf(req))),
    });
  }

  for (const action of def.actions ?? []) {
    const handler = options.actions?.[action.name];
    if (!handler) throw new Error(`resource '${def.name}': action '${action.name}' has no handler`);
    const idsParam = action.idsParam ?? 'ids';
    const needsKeys = action.on !== 'toolbar';
    app.post(actionPath(def, action), {
      schema: {
        tags: [tag],
        summary: `${tag}: ${action.label.zh}`,
        ...(needsKeys ? { querystring: Type.Object({ [idsParam]: keyList(def) }) } : {}),
        ...(action.fields ? { body: schemas.actionBody(action.fields) } : {}),
        response: { 200: action.reveal && revealed ? Envelope(Type.Object({ [revealed]: Type.String() })) : action.report ? Envelope(ActionReportSchema) : EmptyEnvelope },
      },
      config: {
        permission: action.permission,
        fieldMessages: { [idsParam]: { label: idsParam, required: CRUD_MESSAGES.selectOne.zh } },
        ...(action.platform ? { platform: true } : platform),
      },
      // the family's clients send a dialog's values in the query string (`grant?userIds=&roleIds=`): they count as the body's
      preValidation: action.fields
        ? async (req: FastifyRequest) => {
            const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
            const query = req.query as Row;
            for (const k of Object.keys(action.fields!)) if (body[k] === undefined && query[k] !== undefined) body[k] = query[k];
            req.body = body;
          }
        : undefined,
      handler: async (req) => {
        const scope = scopeOf(req);
        const keys = needsKeys ? store.keysOf((req.query as Record<string, string>)[idsParam]) : [];
        const done = await handler({ req, scope, user: caller(req), store, keys, body: (action.fields ? req.body : {}) as Row });
        store.forgetTotals();
        const msg = typeof done === 'object' ? done.msg : done;
        return ok(typeof done === 'object' ? done.data : true, msg ?? action.done?.zh ?? CRUD_MESSAGES.done.zh);
      },
    });
  }
  for (const name of Object.keys(options.actions ?? {})) {
    if (!def.actions?.some((a) => a.name === name)) throw new Error(`resource '${def.name}': handler for unknown action '${name}'`);
  }

  registry.lists.set(def.name, { store, filters: allowedFilters, schema: schemas.ExportQuery, answer: (row) => answer([row], { masked: true } as Scope)[0] });
  const exporter = exporterOf(def, store, registry, EXPORT_BATCH, options.secret && ((r) => maskSecrets(r, options.secret!)));
  registry.exporters.set(def.name, exporter);
  exportRoutes(app, {
    def,
    exporter,
    jobs: deps.exportJobs,
    tag,
    querystring: schemas.ExportQuery,
    allowed: new Set(Object.keys(schemas.ExportQuery.properties)),
    scopeOf: readingScope,
  });
  if (def.importable && deps.importJobs) {
    const importer = importerOf({ def, registry, db, submitBody: schemas.SubmitBody, fieldMessages, prepare, write, written: () => store.forgetTotals() });
    registry.importers.set(def.name, importer);
    importRoutes(app, { importer, jobs: deps.importJobs, tag });
  }
  return store;
}

/**
 * `GET {basePath}/list` of a def with `forestList`: the family's forest. Every record the filters
 * match (paging parameters taken and ignored, as the family's clients send them), each under its
 * parent when the parent matched too, else at the top; `hasChildren` and `children` (absent on a
 * leaf) as its VOs have them, and `parentName`: the parent's name, '顶级' at the top of the tree.
 */
function forestRoute(
  def: AnyResourceDef,
  tree: NonNullable<AnyResourceDef['tree']>,
  r: {
    route: (verb: null, path: string, opts: Omit<RouteOptions, 'url'>) => void;
    schemas: ReturnType<typeof resourceSchemas>;
    RecordSchema: TSchema;
    allowed: Set<string>;
    read: (req: FastifyRequest) => Promise<Row[]>;
  },
): void {
  const tag = def.title.zh;
  const label = labelFieldOf(def);
  const Node = Type.Recursive((Self) =>
    Type.Object({ ...(r.RecordSchema as TObject).properties, parentName: Type.String(), hasChildren: Type.Boolean(), children: Type.Optional(Type.Array(Self)) }),
  );
  r.route(null, 'list', {
    method: 'GET',
    schema: { tags: [tag], summary: `${tag}: 树形列表 (全部匹配的记录, 按上级嵌套; 不分页)`, querystring: r.schemas.ListQuery, response: { 200: Envelope(Type.Array(Node)) } },
    config: { permission: menuOf(def), fieldMessages: r.schemas.fieldMessages },
    preValidation: refuseUnknown(r.allowed),
    handler: async (req) => {
      const records = await r.read(req);
      const byKey = new Map(records.map((rec) => [String(rec.id), { ...rec, parentName: '', hasChildren: false } as Row & { children?: Row[] }]));
      const roots: Row[] = [];
      for (const node of byKey.values()) {
        const parentKey = String(node[tree.parentField] ?? '');
        const parent = byKey.get(parentKey);
        if (parent) {
          (parent.children ??= []).push(node);
          parent.hasChildren = true;
          node.parentName = parent[label];
        } else {
          if (parentKey === tree.root || parentKey === '') node.parentName = '顶级';
          roots.push(node);
        }
      }
      return ok(roots);
    },
  });
}

/** What a masked value reads (ResourceOptions.secret). */
export const SECRET_MASK = '******';

/** The record with its secret fields masked, when it is one of those the option picks. */
function maskSecrets(record: Row, secret: NonNullable<ResourceOptions['secret']>): Row {
  if (!secret.when(record)) return record;
  return { ...record, ...Object.fromEntries(secret.fields.filter((k) => k in record).map((k) => [k, SECRET_MASK])) };
}

/**
 * The table holds every stored field of the def with room for its longest value:
 * a mismatch stops the server at start-up instead of failing a request.
 */
function checkColumns(def: AnyResourceDef, table: PgTable, columns: Record<string, PgColumn>): void {
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.virtual) continue;
    const col = columns[k];
    if (!col) throw new Error(`resource '${def.name}': field '${k}' has no column in its table`);
    const length = (col as PgColumn & { length?: number }).length;
    if (length !== undefined && f.maxLength !== undefined && f.maxLength > length)
      throw new Error(`resource '${def.name}': field '${k}' allows ${f.maxLength} characters, its column ${length}`);
  }
  if (def.tenancy !== 'global' && !isTenantTable(table)) throw new Error(`resource '${def.name}' is per tenant but its table has no tenant_id`);
  if (def.tenancy === 'global' && isTenantTable(table)) throw new Error(`resource '${def.name}' is global but its table has a tenant_id`);
}
