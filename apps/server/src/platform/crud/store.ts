import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CRUD_MESSAGES, keyOf, labelFieldOf, type AnyResourceDef, type SelectOption, type TreeNode } from '@wb/contracts/resource';
import type { Db } from '../../db/client';
import { badRequest } from '../envelope';
import { isNarrowed, isTenantTable, PREPARED_SCOPE, visible, type Scope } from '../scope';
import type { TotalCache } from '../totals';
import { activeFilters, filterWhere, type CustomFilter } from './filters';
import type { RegisteredResource, ResourceRegistry } from './registry';
import { ancestorsUnder, buildTree, treeNode, type TreeRow } from './tree';
import { answeredFields } from './schemas';
import { NO_ORDER, type ListOrder } from './sorting';
import type { Row } from './wire';

interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

/**
 * A partial index's condition on a filter: when the filter's value lies inside it (`holds`), the
 * list adds `condition` as written, a constant, so that the planner may take the index; from a
 * prepared statement's `column = $1` it cannot tell that the index has the rows.
 */
export interface PartialIndex {
  holds(value: unknown): boolean;
  condition: SQL;
}

const SELECT_LIMIT = 1000;
/** Columns a listed record answers besides its fields. */
const LISTED_EXTRA = ['tenantId', 'createUser', 'createTime', 'updateUser', 'updateTime', 'status'];
const TREE_LIMIT = 20_000;

/**
 * Reads and writes of one resource's table. Every statement takes its WHERE from
 * `visible()` (the one scoping point), so no path here can reach another tenant's rows.
 */
export class ResourceStore {
  readonly def: AnyResourceDef;
  readonly table: PgTable;
  readonly columns: Record<string, PgColumn>;
  readonly key: PgColumn;
  private readonly parent?: PgColumn;
  private readonly order: SQL[];
  /** What a list reads: the columns it answers, never a password. */
  private readonly listedColumns: Record<string, PgColumn>;
  private readonly statements = new Map<string, { rows: Prepared<Row[]>; total: Prepared<{ n: number }[]> }>();

  constructor(
    readonly db: Db,
    private readonly self: RegisteredResource,
    private readonly registry: ResourceRegistry,
    private readonly totals: TotalCache,
    private readonly custom: Record<string, CustomFilter>,
    private readonly computed: Record<string, (scope: Scope) => SQL> = {},
    private readonly partialIndexes: Record<string, PartialIndex> = {},
  ) {
    this.def = self.def;
    this.table = self.table;
    this.columns = self.columns;
    this.key = self.key;
    this.parent = this.def.tree ? this.columns[this.def.tree.parentField] : undefined;
    // trees and sorted lists read in their order; the rest newest first (each table's index on (tenant, id) serves it)
    this.order = this.columns.sort ? [asc(this.columns.sort), asc(this.key)] : [desc(this.key)];
    const wanted = [keyOf(this.def), ...answeredFields(this.def), ...LISTED_EXTRA];
    this.listedColumns = Object.fromEntries(wanted.filter((k) => this.columns[k]).map((k) => [k, this.columns[k]]));
  }

  /** The selection of an answered record: its columns and the values the database computes beside them. */
  private listed(scope: Scope): Record<string, PgColumn | SQL> {
    return { ...this.listedColumns, ...Object.fromEntries(Object.entries(this.computed).map(([k, f]) => [k, f(scope)])) };
  }

  /** One record as it is answered (computed values included). */
  async findListed(scope: Scope, cond: SQL): Promise<Row | undefined> {
    const [row] = await this.db.select(this.listed(scope)).from(this.table).where(this.where(scope, cond)).limit(1);
    return row as Row | undefined;
  }

  /** The key as the column holds it: a number for ids, text for codes. */
  keyValue(v: string | number): string | number {
    return this.key.dataType === 'number' ? Number(v) : String(v);
  }

  keysOf(text: string): (string | number)[] {
    return text
      .split(',')
      .filter(Boolean)
      .map((v) => this.keyValue(v));
  }

  /** Rows the scope sees that the active filters match (their values inlined: no prepared statement). */
  private filtered(scope: Scope, active: ReturnType<typeof activeFilters>, extra?: SQL): SQL {
    return this.where(
      scope,
      filterWhere(active, (_, v) => (Array.isArray(v) ? sql.param(v) : v)),
      ...this.indexed(active).map((k) => this.partialIndexes[k].condition),
      extra,
    );
  }

  /** The active filters whose value a partial index holds. */
  private indexed(active: ReturnType<typeof activeFilters>): string[] {
    return [...active].filter(([k, f]) => this.partialIndexes[k]?.holds(f.value)).map(([k]) => k);
  }

  /** Rows the scope sees, with these conditions. */
  where(scope: Scope, ...more: (SQL | undefined)[]): SQL {
    return visible(this.table, scope, ...more);
  }

  /** One page of the list. The total is cached per scope and filters; one prepared statement per set of active filters. */
  async page(scope: Scope, q: Record<string, unknown>, current: number, size: number, extra?: SQL, sorted: ListOrder = NO_ORDER): Promise<{ rows: Row[]; total: number }> {
    // the asked order first, the usual one after it: pages of equal values stay stable
    const order = [...sorted.by, ...this.order];
    const active = activeFilters(this.def, this.columns, this.key, this.custom, q, scope);
    // a caller's own condition (the children of one parent), data scopes, and an order by several
    // columns (whose combinations a caller could make without end, each kept) are not prepared
    if (extra || isNarrowed(this.table, scope) || sorted.by.length > 1) {
      const where = this.filtered(scope, active, extra);
      const counted = async () => Number((await this.db.select({ n: count() }).from(this.table).where(where))[0].n);
      const values = Object.fromEntries([...active].map(([k, f]) => [k, f.value]));
      const n = extra ? await counted() : await this.totals.get(this.def.name, scope.key, JSON.stringify(values), counted);
      const rows = await this.db
        .select(this.listed(scope))
        .from(this.table)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((current - 1) * size);
      return { rows, total: Number(n) };
    }
    const stmt = this.prepared([...active.keys()], this.indexed(active), activeFilters(this.def, this.columns, this.key, this.custom, q, PREPARED_SCOPE), sorted);
    const bound: Record<string, unknown> = { tenantId: scope.tenantId };
    for (const [k, f] of active) bound[k] = f.value;
    const values = Object.fromEntries([...active].map(([k, f]) => [k, f.value]));
    const total = await this.totals.get(this.def.name, scope.key, JSON.stringify(values), async () => Number((await stmt.total.execute(bound))[0].n));
    const rows = await stmt.rows.execute({ ...bound, limit: size, offset: (current - 1) * size });
    return { rows, total };
  }

  /** The statement for these filters, `indexed` those a partial index serves (ResourceOptions.partialIndexes): two per such filter at most. */
  private prepared(filters: string[], indexed: string[], active: ReturnType<typeof activeFilters>, sorted: ListOrder) {
    const sig = `${filters.join(',')}|${indexed.join(',')}|${sorted.signature}`;
    let s = this.statements.get(sig);
    if (!s) {
      const where = this.where(
        PREPARED_SCOPE,
        filterWhere(active, (k) => sql.placeholder(k)),
        ...indexed.map((k) => this.partialIndexes[k].condition),
      );
      const n = this.statements.size;
      s = {
        rows: this.db
          .select(this.listed(PREPARED_SCOPE))
          .from(this.table)
          .where(where)
          .orderBy(...sorted.by, ...this.order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`${this.def.name}_list_${n}`) as unknown as Prepared<Row[]>,
        total: this.db.select({ n: count() }).from(this.table).where(where).prepare(`${this.def.name}_count_${n}`) as unknown as Prepared<{ n: number }[]>,
      };
      this.statements.set(sig, s);
    }
    return s;
  }

  /**
   * Every row matching the filters, in batches of `batch` (exports): keyset paging on the key.
   * The filters are read at the call, not at the first batch, so a bad one throws before
   * the caller has started an answer.
   */
  scan(scope: Scope, q: Record<string, unknown>, batch: number): AsyncGenerator<Row[]> {
    const active = activeFilters(this.def, this.columns, this.key, this.custom, q, scope);
    const where = this.filtered(scope, active);
    const read = (last: unknown): Promise<Row[]> =>
      this.db
        .select()
        .from(this.table)
        .where(last === undefined ? where : and(where, lt(this.key, last)))
        .orderBy(desc(this.key))
        .limit(batch);
    const key = keyOf(this.def);
    return (async function* () {
      for (let rows = await read(undefined); rows.length; rows = await read(rows[rows.length - 1][key])) yield rows;
    })();
  }

  /**
   * The rows matching the filters grouped by `x`, each group's rows counted or its `y` summed;
   * the largest `limit` groups (a report's chart).
   */
  async groups(scope: Scope, q: Record<string, unknown>, x: string, y: string | undefined, limit: number): Promise<{ x: unknown; value: number }[]> {
    const active = activeFilters(this.def, this.columns, this.key, this.custom, q, scope);
    const where = this.filtered(scope, active);
    const value = y ? sql<string>`coalesce(sum(${this.columns[y]}), 0)` : sql<string>`count(*)`;
    const rows = await this.db.select({ x: this.columns[x], value }).from(this.table).where(where).groupBy(this.columns[x]).orderBy(desc(value)).limit(limit);
    return rows.map((r) => ({ x: r.x, value: Number(r.value) }));
  }

  async find(scope: Scope, cond: SQL): Promise<Row | undefined> {
    const [row] = await this.db.select().from(this.table).where(this.where(scope, cond)).limit(1);
    return row;
  }

  findByKey(scope: Scope, key: string | number): Promise<Row | undefined> {
    return this.find(scope, eq(this.key, this.keyValue(key)));
  }

  findMany(scope: Scope, keys: (string | number)[]): Promise<Row[]> {
    return keys.length
      ? this.db
          .select()
          .from(this.table)
          .where(this.where(scope, inArray(this.key, keys)))
      : Promise.resolve([]);
  }

  /** Options of refs: every visible record as { id, label }. */
  /** `q`: the list's filters, narrowing the choices (the grids of one project) */
  /**
   * The options of `select`: each record's key and name as `id` and `label` (what our forms read),
   * and under their own field names too, with the def's `selectFields` (what the family's clients
   * read: `tenantId` / `tenantName`, `id` / `postName`, `code` / `name`). Nothing more of the record:
   * the pages whose forms pick from it may read its options without reading its list.
   */
  async options(scope: Scope, q: Record<string, unknown> = {}): Promise<SelectOption[]> {
    const named = [...new Set([labelFieldOf(this.def), ...(this.def.selectFields ?? [])])].filter((k) => this.columns[k]);
    const rows = await this.db
      .select({ id: this.key, label: this.self.label, ...Object.fromEntries(named.map((k) => [k, this.columns[k]])) })
      .from(this.table)
      .where(this.filtered(scope, activeFilters(this.def, this.columns, this.key, this.custom, q, scope)))
      .orderBy(...this.order)
      .limit(SELECT_LIMIT);
    const keyField = keyOf(this.def);
    return rows.map((r) => {
      const id = String(r.id);
      return { ...Object.fromEntries(named.map((k) => [k, String((r as Row)[k] ?? '')])), [keyField]: id, id, label: String(r.label) };
    });
  }

  private levelStatements?: {
    rows: Prepared<Row[]>;
    nodes: Prepared<{ key: unknown; parent: unknown; label: unknown }[]>;
    children: Prepared<{ k: string }[]>;
  };

  /** One level of the tree, prepared: the tree pages ask for it on every expand. */
  private levels() {
    if (!this.levelStatements) {
      const where = this.where(PREPARED_SCOPE, eq(this.parent!, sql.placeholder('parent')));
      this.levelStatements = {
        rows: this.db
          .select(this.listed(PREPARED_SCOPE))
          .from(this.table)
          .where(where)
          .orderBy(...this.order)
          .limit(SELECT_LIMIT)
          .prepare(`${this.def.name}_level`) as unknown as Prepared<Row[]>,
        nodes: this.db
          .select({ key: this.key, parent: this.parent!, label: this.self.label })
          .from(this.table)
          .where(where)
          .orderBy(...this.order)
          .limit(SELECT_LIMIT)
          .prepare(`${this.def.name}_level_nodes`) as unknown as Prepared<{ key: unknown; parent: unknown; label: unknown }[]>,
        // which of a level's keys have children: every expand asks
        children: this.db
          .select({ k: sql<string>`k::text` })
          .from(sql`unnest(${sql.placeholder('keys')}::${this.keyArrayType()}[]) as k`)
          .where(sql`exists (select 1 from ${this.table} where ${this.where(PREPARED_SCOPE, sql`${this.parent} = k`)})`)
          .prepare(`${this.def.name}_children`) as unknown as Prepared<{ k: string }[]>,
      };
    }
    return this.levelStatements;
  }

  /** One level of the tree as records with `hasChildren`; with filters, the matching records at any level. */
  async level(scope: Scope, parentKey: string | undefined, q: Record<string, unknown>): Promise<Row[]> {
    const active = activeFilters(this.def, this.columns, this.key, this.custom, q, scope);
    const parent = this.keyValue(parentKey ?? this.def.tree!.root);
    let rows: Row[];
    if (!active.size && !isNarrowed(this.table, scope)) rows = await this.levels().rows.execute({ tenantId: scope.tenantId, parent });
    else {
      const filters = filterWhere(active, (_, v) => (Array.isArray(v) ? sql.param(v) : v));
      const atLevel = parentKey === undefined ? undefined : eq(this.parent!, parent);
      rows = await this.db
        .select(this.listed(scope))
        .from(this.table)
        .where(this.where(scope, atLevel, filters))
        .orderBy(...this.order)
        .limit(SELECT_LIMIT);
    }
    const key = keyOf(this.def);
    const parents = new Set(
      await this.withChildren(
        scope,
        rows.map((r) => r[key] as string | number),
      ),
    );
    return rows.map((r) => ({ ...r, hasChildren: parents.has(String(r[key])) }));
  }

  private treeRow = (r: { key: unknown; parent: unknown; label: unknown }): TreeRow => ({ key: String(r.key), parent: String(r.parent), label: String(r.label) });

  /** The whole tree the scope sees, as nested nodes (`extra` narrows it, e.g. to one dictionary). */
  async tree(scope: Scope, extra?: SQL): Promise<TreeNode[]> {
    const rows = await this.db
      .select({ key: this.key, parent: this.parent!, label: this.self.label })
      .from(this.table)
      .where(this.where(scope, extra))
      .orderBy(...this.order)
      .limit(TREE_LIMIT);
    return buildTree(rows.map(this.treeRow));
  }

  /** Every record the filters match, as a list answers them, in the tree's order (at most TREE_LIMIT): the family's forest list. */
  async matching(scope: Scope, q: Record<string, unknown>): Promise<Row[]> {
    const active = activeFilters(this.def, this.columns, this.key, this.custom, q, scope);
    return (await this.db
      .select(this.listed(scope))
      .from(this.table)
      .where(this.filtered(scope, active))
      .orderBy(...this.order)
      .limit(TREE_LIMIT)) as Row[];
  }

  /** One level of the tree as nodes. */
  async lazyTree(scope: Scope, parentKey: string | undefined): Promise<TreeNode[]> {
    const parent = this.keyValue(parentKey ?? this.def.tree!.root);
    const rows = isNarrowed(this.table, scope)
      ? await this.db
          .select({ key: this.key, parent: this.parent!, label: this.self.label })
          .from(this.table)
          .where(this.where(scope, eq(this.parent!, parent)))
          .orderBy(...this.order)
          .limit(SELECT_LIMIT)
      : await this.levels().nodes.execute({ tenantId: scope.tenantId, parent });
    const parents = new Set(
      await this.withChildren(
        scope,
        rows.map((r) => r.key as string | number),
      ),
    );
    return rows.map((r) => treeNode(this.treeRow(r), parents.has(String(r.key))));
  }

  /**
   * Checks a node's new parent (it exists, and is neither the node nor below it) and
   * gives the node's `ancestors`; undefined when the table keeps none.
   */
  async placeInTree(scope: Scope, values: Row, existing: Row | undefined): Promise<string | undefined> {
    const field = this.def.tree!.parentField;
    const root = this.def.tree!.root;
    const parentKey = values[field] ?? existing?.[field] ?? this.keyValue(root);
    const selfKey = existing ? String(existing[keyOf(this.def)]) : undefined;
    const hasAncestors = !!this.columns.ancestors;
    if (String(parentKey) === root) return hasAncestors ? ancestorsUnder(root) : undefined;
    if (selfKey !== undefined && String(parentKey) === selfKey) throw badRequest(CRUD_MESSAGES.parentSelf.zh, field);
    const parent = await this.findByKey(scope, parentKey as string | number);
    if (!parent) throw badRequest(CRUD_MESSAGES.parentMissing.zh, field);
    // walk up from the new parent: meeting the node itself would make a cycle
    for (let up: Row | undefined = parent, depth = 0; up && depth < 64; depth++) {
      if (selfKey !== undefined && String(up[keyOf(this.def)]) === selfKey) throw badRequest(CRUD_MESSAGES.parentSelf.zh, field);
      const next: string = String(up[field]);
      up = next === root ? undefined : await this.findByKey(scope, next);
    }
    return hasAncestors ? ancestorsUnder(root, { key: String(parent[keyOf(this.def)]), ancestors: String(parent.ancestors ?? '') }) : undefined;
  }

  /** After a node moved: its descendants' ancestors follow. */
  async moveDescendants(db: Db, scope: Scope, key: string, from: string, to: string): Promise<void> {
    if (!this.columns.ancestors || from === to) return;
    const oldPrefix = `${from},${key}`;
    const newPrefix = `${to},${key}`;
    const col = this.columns.ancestors;
    await db
      .update(this.table)
      .set({ ancestors: sql`${newPrefix} || substr(${col}, ${oldPrefix.length + 1})` } as never)
      .where(this.where(scope, sql`(${col} = ${oldPrefix} or ${col} like ${`${oldPrefix},%`})`));
  }

  /**
   * Keys among `keys` that have live children: one probe of the (tenant, parent) index per
   * key, stopping at the first child (a DISTINCT over the children read every one of them).
   */
  async withChildren(scope: Scope, keys: (string | number)[]): Promise<string[]> {
    if (!this.parent || !keys.length) return [];
    if (!isNarrowed(this.table, scope)) return (await this.levels().children.execute({ tenantId: scope.tenantId, keys })).map((r) => r.k);
    const result = await this.db.execute<{ k: string }>(
      sql`select k::text as k from unnest(${sql.param(keys)}::${this.keyArrayType()}[]) as k where exists (select 1 from ${this.table} where ${this.where(scope, sql`${this.parent} = k`)})`,
    );
    return result.rows.map((r) => r.k);
  }

  private keyArrayType(): SQL {
    return sql.raw(this.key.dataType === 'number' ? 'bigint' : 'text');
  }

  /** Another live record (not `exceptKey`) with this value in `field`. */
  async taken(scope: Scope, field: string, value: unknown, exceptKey?: string | number, more?: SQL): Promise<boolean> {
    const row = await this.find(scope, and(eq(this.columns[field], value), exceptKey === undefined ? undefined : ne(this.key, exceptKey), more)!);
    return !!row;
  }

  /** Refs of a submit point at live records of the scope (each id of a multiRef too). */
  async checkRefs(scope: Scope, values: Row, existing?: Row): Promise<void> {
    for (const [k, f] of Object.entries(this.def.fields)) {
      if ((f.kind !== 'ref' && f.kind !== 'multiRef') || values[k] === null || values[k] === undefined || values[k] === '') continue;
      const target = this.registry.get(f.ref!.resource);
      const wanted = f.kind === 'multiRef' ? String(values[k]).split(',') : [String(values[k])];
      const keys = [...new Set(wanted)].map((v) => (target.key.dataType === 'number' ? Number(v) : v));
      const found = await this.db
        .select({ k: target.key, ...(f.ref!.within ? { within: target.columns[f.ref!.within] } : {}) })
        .from(target.table)
        .where(visible(target.table, scope, inArray(target.key, keys)));
      if (found.length !== keys.length) throw badRequest(`${f.label.zh}不存在`, k);
      // a record picked within another field (a grid within its project) must share its value
      const within = f.ref!.within;
      const shared = within ? (values[within] ?? existing?.[within]) : undefined;
      if (within && shared !== undefined && shared !== null && shared !== '' && found.some((r) => String(r.within) !== String(shared)))
        throw badRequest(`${f.label.zh}不属于${this.def.fields[within].label.zh}`, k);
    }
  }

  /** Refuses to remove records that other live records point at, naming who uses them. */
  async checkNotReferenced(scope: Scope, keys: (string | number)[]): Promise<void> {
    for (const ref of this.registry.referencesTo(this.def.name)) {
      if (ref.from.def.fields[ref.field].ref?.owned) continue;
      const col = ref.from.columns[ref.field];
      const cond = ref.many ? sql`string_to_array(${col}, ',') && ${sql.param(keys.map(String))}::text[]` : inArray(col, keys);
      const [used] = await this.db
        .select({ k: ref.from.key })
        .from(ref.from.table)
        .where(visible(ref.from.table, scope, cond))
        .limit(1);
      if (used) throw badRequest(`${this.def.title.zh}已被${ref.from.def.title.zh}使用(${ref.from.def.fields[ref.field].label.zh}), 不能删除`, 'ids');
    }
  }

  /** `field` = value, the value as the column takes it. */
  whereField(field: string, value: string): SQL {
    const col = this.columns[field];
    return eq(col, col.dataType === 'number' ? Number(value) : value);
  }

  /** Dictionary fields hold a key of their dictionary. */
  async checkDicts(scope: Scope, values: Row): Promise<void> {
    for (const [k, f] of Object.entries(this.def.fields)) {
      if (f.kind !== 'dict' || values[k] === null || values[k] === undefined || values[k] === '') continue;
      const dict = this.registry.get(f.dict!.biz ? 'dictbiz' : 'dict');
      const c = dict.columns;
      const found = await this.db
        .select({ k: c.dictKey })
        .from(dict.table)
        .where(visible(dict.table, scope, eq(c.code, f.dict!.code), ne(c.parentId, 0), eq(c.dictKey, String(values[k]))))
        .limit(1);
      if (!found.length) throw badRequest(`${f.label.zh}不合法`, k);
    }
  }

  async insert(db: Db, values: Row, user: { tenantId: string; userId: number; deptId: string }): Promise<Row> {
    const audit: Row = {};
    if (isTenantTable(this.table)) audit.tenantId = user.tenantId;
    if (this.columns.createUser) Object.assign(audit, { createUser: user.userId, createDept: Number(user.deptId.split(',')[0]) || null, updateUser: user.userId });
    const [row] = await db
      .insert(this.table)
      .values({ ...values, ...audit } as never)
      .returning();
    return row as Row;
  }

  async update(db: Db, scope: Scope, key: string | number, values: Row, user: { userId: number }): Promise<Row> {
    const audit: Row = this.columns.updateUser ? { updateUser: user.userId, updateTime: new Date() } : {};
    const [row] = await db
      .update(this.table)
      .set({ ...values, ...audit } as never)
      .where(this.where(scope, eq(this.key, key)))
      .returning();
    return row as Row;
  }

  /** Soft delete where the table keeps deleted rows, else a real delete. */
  async remove(db: Db, scope: Scope, keys: (string | number)[], user: { userId: number }): Promise<void> {
    // the records that belong to these (a user's reminders) go with them
    for (const ref of this.registry.referencesTo(this.def.name)) {
      if (!ref.from.def.fields[ref.field].ref?.owned || ref.many) continue;
      const owned = ref.from.columns;
      const where = visible(ref.from.table, scope, inArray(owned[ref.field], keys));
      if (owned.isDeleted)
        await db
          .update(ref.from.table)
          .set({ isDeleted: 1 } as never)
          .where(where);
      else await db.delete(ref.from.table).where(where);
    }
    if (this.columns.isDeleted) {
      const audit: Row = this.columns.updateUser ? { updateUser: user.userId, updateTime: new Date() } : {};
      await db
        .update(this.table)
        .set({ isDeleted: 1, ...audit } as never)
        .where(this.where(scope, inArray(this.key, keys)));
    } else await db.delete(this.table).where(this.where(scope, inArray(this.key, keys)));
  }

  /** The unique rule a failed write broke (PostgreSQL 23505), found by the column the error names. */
  uniqueViolation(err: unknown): { field: string; message: { zh: string } } | undefined {
    let e = err as { code?: string; detail?: string; constraint?: string; cause?: unknown } | undefined;
    for (let depth = 0; e && depth < 4 && e.code !== '23505'; depth++) e = e.cause as typeof e;
    if (!e || e.code !== '23505') return undefined;
    const uniques = this.def.unique ?? [];
    const named = `${e.detail ?? ''} ${e.constraint ?? ''}`;
    return (
      uniques.find((u) => named.includes(this.columns[u.field].name)) ??
      uniques[0] ?? { field: keyOf(this.def), message: { zh: `${this.def.fields[keyOf(this.def)]?.label.zh ?? 'id'}已存在` } }
    );
  }

  forgetTotals(): void {
    this.totals.forget(this.def.name);
  }
}
