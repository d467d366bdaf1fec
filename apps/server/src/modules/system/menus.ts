import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { CRUD_MESSAGES } from '@wb/contracts/resource';
import { ACCESS_MESSAGES, menuResource, topMenuResource } from '@wb/contracts/resources/access';
import type { Db } from '../../db/client';
import { menu, roleMenu, tenant, topMenu, topMenuSetting } from '../../db/schema/index';
import { announces } from '../../platform/changes';
import type { AppContext } from '../../platform/context';
import { xlsxStream } from '../../platform/crud/export';
import type { ResourceOptions } from '../../platform/crud/routes';
import { buildTree } from '../../platform/crud/tree';
import { badRequest, Envelope, forbidden, idStr, notFound, ok } from '../../platform/envelope';
import { caller } from '../../platform/auth';
import { resourceSchemas } from '../../platform/crud/schemas';
import { toWire } from '../../platform/crud/wire';
import { IdListOrArray, IdText, requestValues } from '../../platform/input-types';
import { scopeOf, visible, type Scope } from '../../platform/scope';
import { attachmentDisposition } from '../../platform/storage';

/**
 * Menus (shared by every tenant) and top menus (a tenant's): the admin calls beyond the
 * resource's own (admin spec §7 'Menus', 'Top menu'). Every write announces 'menus', so the
 * shell's menus change on the next request on every instance.
 */

const V2_MENU = '/us-system/v2/menu-multi';
const V2_TOP = '/us-system/v2/top-menu-multi';
const Ids = IdListOrArray();
const ids = (v: unknown): number[] => [...new Set((Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).filter(Boolean).map(Number))];

const MenuEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      path: Type.String(),
      source: Type.String(),
      sort: Type.Integer(),
      category: Type.Integer(),
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'MenuEntry' },
);
const TreeNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      title: Type.String(),
      key: Type.String(),
      value: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Node)),
    }),
  { $id: 'MenuTreeNode' },
);
const TopWithMenus = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  path: Type.String(),
  sort: Type.Integer(),
  menus: Type.Array(Type.Ref(MenuEntry)),
});

type Row = typeof menu.$inferSelect;
type Entry = { id: string; parentId: string; code: string; name: string; path: string; source: string; sort: number; category: number; hasChildren: boolean; children?: Entry[] };

const liveMenus = (db: Db, category?: number) =>
  db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), category ? eq(menu.category, category) : undefined))
    .orderBy(asc(menu.sort), asc(menu.id));

/** Rows (in display order) nested under their parents; leaves carry no `children`. */
function nest(rows: Row[], roots?: Set<number>): Entry[] {
  const nodes = new Map<number, Entry>(
    rows.map((m) => [
      m.id,
      { id: idStr(m.id), parentId: idStr(m.parentId), code: m.code, name: m.name, path: m.path, source: m.source, sort: m.sort, category: m.category, hasChildren: false },
    ]),
  );
  const top: Entry[] = [];
  for (const m of rows) {
    const node = nodes.get(m.id)!;
    const parent = nodes.get(m.parentId);
    if (parent && !roots?.has(m.id)) {
      parent.hasChildren = true;
      (parent.children ??= []).push(node);
    } else if (!roots || roots.has(m.id)) top.push(node);
  }
  return top;
}

/** The top menus of a tenant with the menu trees set on them. */
async function topMenusWithMenus(db: Db, scope: Scope) {
  const tops = await db.select().from(topMenu).where(visible(topMenu, scope)).orderBy(asc(topMenu.sort), asc(topMenu.id));
  const settings = tops.length
    ? await db
        .select()
        .from(topMenuSetting)
        .where(
          inArray(
            topMenuSetting.topMenuId,
            tops.map((x) => x.id),
          ),
        )
    : [];
  const rows = await liveMenus(db, 1);
  const byParent = new Map<number, Row[]>();
  for (const m of rows) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const under = (id: number): Row[] => (byParent.get(id) ?? []).flatMap((c) => [c, ...under(c.id)]);
  return tops.map((x) => {
    const roots = new Set(settings.filter((s) => s.topMenuId === x.id).map((s) => s.menuId));
    const chosen = rows.filter((m) => roots.has(m.id)).flatMap((m) => [m, ...under(m.id)]);
    return { id: idStr(x.id), tenantId: x.tenantId, code: x.code, name: x.name, path: x.path, sort: x.sort, menus: nest(chosen, roots) };
  });
}

/** Menus: their top menus (of the caller's tenant) answered beside them; a removed one leaves no grants behind. */
export function menuOptions(ctx: AppContext): ResourceOptions {
  return {
    aliases: { detail: [`${V2_MENU}/detail`], add: [`${V2_MENU}/submit`], tree: [`${V2_MENU}/tree`], 'lazy-list': [`${V2_MENU}/lazy-list`] },
    computed: {
      topMenuIds: (scope) =>
        sql<string>`(select coalesce(string_agg(s.top_menu_id::text, ',' order by s.top_menu_id), '') from ${topMenuSetting} s join ${topMenu} tm on tm.id = s.top_menu_id where s.menu_id = ${menu.id} and tm.tenant_id = ${scope.tenantId} and tm.is_deleted = 0)`,
    },
    answers: { topMenuIds: Type.String({ description: '所属顶部菜单 (本租户, 逗号分隔)' }) },
    hooks: {
      afterSubmit: ({ db }) => ctx.changes.publish(db, 'menus'),
      async afterRemove({ db }, rows) {
        const gone = rows.map((r) => Number(r.id));
        await db.delete(roleMenu).where(inArray(roleMenu.menuId, gone));
        await db.delete(topMenuSetting).where(inArray(topMenuSetting.menuId, gone));
        await ctx.changes.publish(db, 'menus');
      },
    },
  };
}

/** Top menus: a removed one takes its menu settings with it. */
export function topMenuOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      ...announces(ctx.changes, 'menus'),
      async afterRemove({ db }, rows) {
        await db.delete(topMenuSetting).where(
          inArray(
            topMenuSetting.topMenuId,
            rows.map((r) => Number(r.id)),
          ),
        );
        await ctx.changes.publish(db, 'menus');
      },
    },
  };
}

export function menuAdminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const db = ctx.database.db;
    app.addSchema(MenuEntry);
    app.addSchema(TreeNodeSchema);
    const menuTag = menuResource.title.zh;
    const topTag = topMenuResource.title.zh;

    /** The caller's top menus named: one of another tenant's answers 404 and nothing changes. */
    const topsOf = async (scope: Scope, topIds: number[]) => {
      if (!topIds.length) throw badRequest('请选择顶部菜单', 'topMenuIds');
      const found = await db
        .select({ id: topMenu.id })
        .from(topMenu)
        .where(visible(topMenu, scope, inArray(topMenu.id, topIds)));
      if (found.length !== topIds.length) throw notFound(CRUD_MESSAGES.notFound.zh);
      return topIds;
    };

    app.get('/us-system/menu/lazy-menu-list', {
      schema: {
        tags: [menuTag],
        summary: '懒加载菜单 (不含按钮, 带 hasChildren)',
        querystring: Type.Object({ parentId: Type.Optional(Type.Union([IdText(), Type.Literal('0'), Type.Literal('')])) }),
        response: { 200: Envelope(Type.Array(Type.Ref(MenuEntry))) },
      },
      config: { permission: 'menu' },
      handler: async (req) => {
        const parent = Number((req.query as { parentId?: string }).parentId || 0);
        const rows = await liveMenus(db, 1);
        const parents = new Set(rows.map((m) => m.parentId));
        return ok(nest(rows.filter((m) => m.parentId === parent)).map((n) => ({ ...n, hasChildren: parents.has(Number(n.id)) })));
      },
    });

    app.get('/us-system/menu/menu-list', {
      schema: { tags: [menuTag], summary: '菜单树 (不含按钮, 叶子无 children)', response: { 200: Envelope(Type.Array(Type.Ref(MenuEntry))) } },
      config: { permission: ['menu', 'topmenu', 'tenantpackage', 'datascope', 'apiscope'] },
      handler: async () => ok(nest(await liveMenus(db, 1))),
    });

    app.get('/us-system/menu/menu-list2', {
      schema: { tags: [menuTag], summary: '导出菜单树 (.xlsx, 每个菜单与按钮一行)', produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
      config: { permission: 'menu' },
      handler: async (_req, reply: FastifyReply) => {
        const rows = nest(await liveMenus(db));
        const lines: Record<string, unknown>[] = [];
        const walk = (list: Entry[], level: number) => {
          for (const n of list) {
            lines.push({ level, name: `${'　'.repeat(level - 1)}${n.name}`, code: n.code, path: n.path, category: n.category === 2 ? '按钮' : '菜单', sort: n.sort, source: n.source });
            walk(n.children ?? [], level + 1);
          }
        };
        walk(rows, 1);
        const columns = [
          { header: '层级', key: 'level', width: 8 },
          { header: '菜单名称', key: 'name', width: 32 },
          { header: '菜单编号', key: 'code', width: 28 },
          { header: '路由地址', key: 'path', width: 40 },
          { header: '菜单类型', key: 'category', width: 10 },
          { header: '排序', key: 'sort', width: 8 },
          { header: '图标', key: 'source', width: 16 },
        ];
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentDisposition('菜单.xlsx'))
          .send(
            xlsxStream(
              '菜单',
              columns,
              (async function* () {
                yield lines;
              })(),
            ),
          );
      },
    });

    // the family's GrantTreeVO and CheckedTreeVO, as grant-tree and role-tree-keys answer them: the
    // top menus have no data or interface scopes, so those lists are empty
    app.get('/us-system/menu/grant-top-tree', {
      schema: {
        tags: [topTag],
        summary: '顶部菜单可选的菜单树 (不含按钮): { menu, dataScope: [], apiScope: [] }',
        response: { 200: Envelope(Type.Object({ menu: Type.Array(Type.Ref(TreeNodeSchema)), dataScope: Type.Array(Type.Never()), apiScope: Type.Array(Type.Never()) })) },
      },
      config: { permission: 'topmenu' },
      handler: async () => ok({ menu: buildTree((await liveMenus(db, 1)).map((m) => ({ key: idStr(m.id), parent: idStr(m.parentId), label: m.name }))), dataScope: [], apiScope: [] }),
    });

    app.get('/us-system/menu/top-tree-keys', {
      schema: {
        tags: [topTag],
        summary: '顶部菜单已配置的菜单 id: { menu, dataScope: [], apiScope: [] }',
        querystring: Type.Object({ topMenuIds: Ids }),
        response: { 200: Envelope(Type.Object({ menu: Type.Array(Type.String()), dataScope: Type.Array(Type.Never()), apiScope: Type.Array(Type.Never()) })) },
      },
      config: { permission: 'topmenu' },
      handler: async (req) => {
        const tops = await topsOf(scopeOf(req), ids((req.query as { topMenuIds: string }).topMenuIds));
        const rows = await db.selectDistinct({ id: topMenuSetting.menuId }).from(topMenuSetting).where(inArray(topMenuSetting.topMenuId, tops));
        return ok({ menu: rows.map((r) => idStr(r.id)), dataScope: [], apiScope: [] });
      },
    });

    const GrantBody = Type.Object({ topMenuIds: Type.Optional(Ids), menuIds: Type.Optional(Ids) });
    app.post('/us-system/topmenu/grant', {
      schema: { tags: [topTag], summary: '配置顶部菜单的菜单 (topMenuIds, menuIds)', querystring: GrantBody, body: Type.Optional(GrantBody) },
      config: { permission: 'topmenu_edit' },
      handler: async (req) => {
        const input = requestValues(req);
        const tops = await topsOf(scopeOf(req), ids(input.topMenuIds));
        const menuIds = ids(input.menuIds);
        if (menuIds.length) {
          const found = await db
            .select({ id: menu.id })
            .from(menu)
            .where(and(inArray(menu.id, menuIds), eq(menu.isDeleted, 0), eq(menu.category, 1)));
          if (found.length !== menuIds.length) throw badRequest('菜单不存在', 'menuIds');
        }
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await t.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, tops));
          const rows = tops.flatMap((topMenuId) => menuIds.map((menuId) => ({ topMenuId, menuId })));
          if (rows.length) await t.insert(topMenuSetting).values(rows);
          await ctx.changes.publish(t, 'menus');
        });
        return ok(true, CRUD_MESSAGES.done.zh);
      },
    });

    const { SubmitBody: TopMenuBody, Record: TopMenuRecord } = resourceSchemas(topMenuResource);
    app.post(`${V2_TOP}/submit`, {
      schema: {
        tags: [topTag],
        summary: '为租户新增或修改顶部菜单 (tenantId 为其他租户时仅平台管理)',
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })) }),
        body: TopMenuBody,
        response: { 200: Envelope(TopMenuRecord) },
      },
      config: { permission: (req) => ((req.body as { id?: string } | undefined)?.id ? 'topmenu_edit' : 'topmenu_add') },
      handler: async (req) => {
        const scope = scopeOf(req);
        const target = (req.query as { tenantId?: string }).tenantId || String(scope.tenantId);
        if (target !== scope.tenantId && scope.tenantId !== '000000') throw forbidden(ACCESS_MESSAGES.platformOnly.zh);
        const [t] = await db
          .select({ id: tenant.id })
          .from(tenant)
          .where(and(eq(tenant.tenantId, target), eq(tenant.isDeleted, 0)));
        if (!t) throw badRequest('租户不存在', 'tenantId');
        const b = req.body as Record<string, unknown>;
        const values = {
          name: String(b.name).trim(),
          code: String(b.code).trim(),
          source: String(b.source ?? ''),
          path: String(b.path ?? ''),
          serviceName: String(b.serviceName ?? ''),
          sort: Number(b.sort ?? 1),
        };
        const me = caller(req);
        const where = { tenantId: target, key: `t:${target}` };
        const [row] = b.id
          ? await db
              .update(topMenu)
              .set({ ...values, updateUser: me.userId, updateTime: new Date() })
              .where(visible(topMenu, where, eq(topMenu.id, Number(b.id))))
              .returning()
          : await db
              .insert(topMenu)
              .values({ ...values, tenantId: target, createUser: me.userId, updateUser: me.userId })
              .returning();
        if (!row) throw notFound(CRUD_MESSAGES.notFound.zh);
        await ctx.changes.publish(db, 'menus');
        return ok(toWire(topMenuResource, getTableColumns(topMenu) as never, row), b.id ? CRUD_MESSAGES.updated.zh : CRUD_MESSAGES.added.zh);
      },
    });

    app.get(`${V2_TOP}/tenant-list`, {
      schema: {
        tags: [topTag],
        summary: '各租户的顶部菜单 (平台管理)',
        response: { 200: Envelope(Type.Array(Type.Object({ tenantId: Type.String(), tenantName: Type.String(), topMenus: Type.Array(TopWithMenus) }))) },
      },
      config: { permission: 'topmenu', platform: true },
      handler: async () => {
        const tenants = await db.select().from(tenant).where(eq(tenant.isDeleted, 0)).orderBy(asc(tenant.tenantId));
        const out = [];
        for (const t of tenants) out.push({ tenantId: t.tenantId, tenantName: t.tenantName, topMenus: await topMenusWithMenus(db, { tenantId: t.tenantId, key: `t:${t.tenantId}` }) });
        return ok(out);
      },
    });

    app.get(`${V2_TOP}/menuTenant-list-byTemplate`, {
      schema: { tags: [topTag], summary: '模板 (默认租户) 的顶部菜单及其菜单树', response: { 200: Envelope(Type.Array(TopWithMenus)) } },
      config: { permission: 'topmenu' },
      handler: async () => ok(await topMenusWithMenus(db, { tenantId: '000000', key: 't:000000' })),
    });

    app.get(`${V2_TOP}/menu-list-byTenant`, {
      schema: {
        tags: [topTag],
        summary: '租户的顶部菜单及其菜单树 (其他租户仅平台管理可查)',
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })) }),
        response: { 200: Envelope(Type.Array(TopWithMenus)) },
      },
      config: { permission: 'topmenu' },
      handler: async (req) => {
        const scope = scopeOf(req);
        const asked = (req.query as { tenantId?: string }).tenantId || String(scope.tenantId);
        if (asked !== scope.tenantId && scope.tenantId !== '000000') throw notFound('租户不存在');
        return ok(await topMenusWithMenus(db, { tenantId: asked, key: `t:${asked}` }));
      },
    });
  };
}
