import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import { CRUD_MESSAGES } from '@wb/contracts/resource';
import type { Db } from '../../db/client';
import { apiScope, dataScope, grantLog, menu, role, roleMenu, roleScope, user } from '../../db/schema/index';
import { SCOPE_API, SCOPE_DATA, type Grants, type MenuEntry } from '../../platform/access';
import { logGrants } from '../../platform/grant-log';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { buildTree } from '../../platform/crud/tree';
import { badRequest, Envelope, formatTime, idStr, notFound, ok, pageOf, PageOf } from '../../platform/envelope';
import { IdListOrArray, IdText, PageQuery, requestValues } from '../../platform/input-types';
import { scopeOf, visible, type Scope } from '../../platform/scope';

/**
 * Role grants (admin spec §7 'Role v1', 'Role v2'): the three grant trees, a role's checked keys,
 * saving a grant, a preview of what a set of grants shows ('view as'), and the grant history.
 * A caller grants only what they hold themselves (their menus are already within their tenant's
 * package), every role and scope must be the caller's tenant's or the platform's, and every save
 * is logged with what it added and removed.
 */

const Ids = IdListOrArray();
const ids = (v: unknown): number[] => [...new Set((Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).filter(Boolean).map(Number))];

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
  { $id: 'GrantTreeNode' },
);
const GrantTrees = Type.Object({ menu: Type.Array(TreeNodeSchema), dataScope: Type.Array(TreeNodeSchema), apiScope: Type.Array(TreeNodeSchema) });
const GrantKeys = Type.Object({ menu: Type.Array(Type.String()), dataScope: Type.Array(Type.String()), apiScope: Type.Array(Type.String()) });
const GrantBody = Type.Object({ roleIds: Type.Optional(Ids), menuIds: Type.Optional(Ids), dataScopeIds: Type.Optional(Ids), apiScopeIds: Type.Optional(Ids) });
const PreviewMenu = Type.Recursive((Node) =>
  Type.Object({
    id: Type.String(),
    parentId: Type.String(),
    name: Type.String(),
    code: Type.String(),
    path: Type.String(),
    source: Type.String(),
    children: Type.Optional(Type.Array(Node)),
  }),
);
const ViewAs = Type.Object({
  menus: Type.Array(PreviewMenu),
  buttons: Type.Array(Type.String()),
  dataScopes: Type.Array(Type.Object({ resourceCode: Type.String(), scopeName: Type.String(), scopeType: Type.Integer() })),
  apiScopes: Type.Array(Type.Object({ scopeName: Type.String(), scopePath: Type.String() })),
});
const LogRecord = Type.Object({
  id: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  field: Type.String({ description: 'menu, dataScope, apiScope 或 role' }),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  operatorName: Type.String(),
  createTime: Type.String(),
});

type MenuRow = MenuEntry;

export function grantRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const db = ctx.database.db;
    app.addSchema(TreeNodeSchema);
    const grantsOf = (req: FastifyRequest) => ctx.access.grants(caller(req).roleIds);

    const allMenus = async (): Promise<MenuRow[]> => (await ctx.access.tree()).rows;
    const liveScopes = async (table: typeof dataScope | typeof apiScope) =>
      db.select({ id: table.id, menuId: table.menuId, name: table.scopeName }).from(table).where(eq(table.isDeleted, 0)).orderBy(asc(table.id));

    /** The roles named, all of the caller's tenant: one that is not answers 404 and nothing changes. */
    async function rolesOf(scope: Scope, roleIds: number[]) {
      if (!roleIds.length) throw badRequest('请选择角色', 'roleIds');
      const found = await db
        .select({ id: role.id, tenantId: role.tenantId, projectId: role.projectId })
        .from(role)
        .where(visible(role, scope, inArray(role.id, roleIds)));
      if (found.length !== roleIds.length) throw notFound(CRUD_MESSAGES.notFound.zh);
      return found;
    }

    /** The caller's grantable menus as a tree; a scope tree: the menus with scopes, each scope a leaf (menu nodes keyed 'm<id>'). */
    async function grantTrees(grants: Grants) {
      const menus = (await allMenus()).filter((m) => grants.grantable.has(m.id));
      const menuTree = buildTree(menus.map((m) => ({ key: idStr(m.id), parent: idStr(m.parentId), label: m.name })));
      const byId = new Map(menus.map((m) => [m.id, m]));
      const scopeTree = (scopes: { id: number; menuId: number; name: string }[]) => {
        const mine = scopes.filter((s) => byId.has(s.menuId));
        const holders = [...new Set(mine.map((s) => s.menuId))].map((id) => byId.get(id)!);
        return buildTree([...holders.map((m) => ({ key: `m${m.id}`, parent: '0', label: m.name })), ...mine.map((s) => ({ key: idStr(s.id), parent: `m${s.menuId}`, label: s.name }))]);
      };
      return { menu: menuTree, dataScope: scopeTree(await liveScopes(dataScope)), apiScope: scopeTree(await liveScopes(apiScope)) };
    }

    /** What the roles hold now: menus, data scopes, API scopes. */
    async function heldBy(roleIds: number[]) {
      const [menus, scopes] = await Promise.all([
        db.select({ roleId: roleMenu.roleId, id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds)),
        db.select({ roleId: roleScope.roleId, category: roleScope.scopeCategory, id: roleScope.scopeId }).from(roleScope).where(inArray(roleScope.roleId, roleIds)),
      ]);
      const of = (roleId: number) => ({
        menu: menus.filter((m) => m.roleId === roleId).map((m) => m.id),
        dataScope: scopes.filter((s) => s.roleId === roleId && s.category === SCOPE_DATA).map((s) => s.id),
        apiScope: scopes.filter((s) => s.roleId === roleId && s.category === SCOPE_API).map((s) => s.id),
      });
      return { menus, scopes, of };
    }

    /** Menu ids the caller may grant, with their ancestors added; one the caller does not hold is refused. */
    async function grantableMenus(grants: Grants, menuIds: number[]): Promise<number[]> {
      const beyond = menuIds.filter((id) => !grants.grantable.has(id));
      if (beyond.length) throw badRequest(ACCESS_MESSAGES.beyondGrant.zh, 'menuIds');
      const { parents } = await ctx.access.tree();
      return [...ctx.access.withAncestors(parents, menuIds)].filter((id) => grants.grantable.has(id));
    }

    async function liveScopeIds(table: typeof dataScope | typeof apiScope, scopeIds: number[], field: string): Promise<number[]> {
      if (!scopeIds.length) return [];
      const found = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, scopeIds), eq(table.isDeleted, 0)));
      if (found.length !== scopeIds.length) throw badRequest(`${field === 'dataScopeIds' ? '数据权限' : '接口权限'}不存在`, field);
      return scopeIds;
    }

    const grantedRoutes = (prefix: string) => {
      app.get(`/us-system${prefix}/menu/grant-tree`, {
        schema: { tags: ['角色管理'], summary: '授权树: 菜单 (按钮为叶子), 数据权限, 接口权限', response: { 200: Envelope(GrantTrees) } },
        config: { permission: 'role' },
        handler: async (req) => ok(await grantTrees(await grantsOf(req))),
      });

      app.get(`/us-system${prefix}/menu/role-tree-keys`, {
        schema: {
          tags: ['角色管理'],
          summary: '角色已授权的键 (菜单为授权树的叶子, 上级由叶子推出)',
          querystring: Type.Object({ roleIds: Ids }),
          response: { 200: Envelope(GrantKeys) },
        },
        config: { permission: 'role' },
        handler: async (req) => {
          const roleIds = ids((req.query as { roleIds: string }).roleIds);
          await rolesOf(scopeOf(req), roleIds);
          const held = await heldBy(roleIds);
          const grants = await grantsOf(req);
          // a menu some granted menu hangs under is a parent: the tree derives its state from the leaves
          const parents = new Set((await allMenus()).filter((m) => grants.grantable.has(m.id)).map((m) => m.parentId));
          const uniq = (list: number[]) => [...new Set(list)].map(idStr);
          return ok({
            menu: uniq(held.menus.map((m) => m.id).filter((id) => grants.grantable.has(id) && !parents.has(id))),
            dataScope: uniq(held.scopes.filter((s) => s.category === SCOPE_DATA).map((s) => s.id)),
            apiScope: uniq(held.scopes.filter((s) => s.category === SCOPE_API).map((s) => s.id)),
          });
        },
      });

      app.post(`/us-system${prefix}/role/grant`, {
        schema: { tags: ['角色管理'], summary: '保存角色授权 (roleIds, menuIds, dataScopeIds, apiScopeIds)', querystring: GrantBody, body: Type.Optional(GrantBody) },
        config: { permission: 'role_grant' },
        handler: async (req) => {
          // the family's clients send the ids in the body or in the query
          const input = requestValues(req);
          const scope = scopeOf(req);
          const roles = await rolesOf(scope, ids(input.roleIds));
          const grants = await grantsOf(req);
          const menuIds = await grantableMenus(grants, ids(input.menuIds));
          const dataIds = await liveScopeIds(dataScope, ids(input.dataScopeIds), 'dataScopeIds');
          const apiIds = await liveScopeIds(apiScope, ids(input.apiScopeIds), 'apiScopeIds');
          const roleIds = roles.map((r) => r.id);
          const before = await heldBy(roleIds);
          await db.transaction(async (tx) => {
            const t = tx as unknown as Db;
            await t.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
            await t.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
            const menuRows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId })));
            const scopeRows = roleIds.flatMap((roleId) => [
              ...dataIds.map((scopeId) => ({ roleId, scopeCategory: SCOPE_DATA, scopeId })),
              ...apiIds.map((scopeId) => ({ roleId, scopeCategory: SCOPE_API, scopeId })),
            ]);
            if (menuRows.length) await t.insert(roleMenu).values(menuRows);
            if (scopeRows.length) await t.insert(roleScope).values(scopeRows);
            await logGrants(
              t,
              req,
              roles.flatMap((r) => {
                const was = before.of(r.id);
                const common = { tenantId: r.tenantId, targetType: 'role' as const, targetId: r.id };
                return [
                  { ...common, field: 'menu' as const, before: was.menu, after: menuIds },
                  { ...common, field: 'dataScope' as const, before: was.dataScope, after: dataIds },
                  { ...common, field: 'apiScope' as const, before: was.apiScope, after: apiIds },
                ];
              }),
            );
            await ctx.changes.publish(t, 'grants');
          });
          return ok(true, CRUD_MESSAGES.done.zh);
        },
      });
    };
    grantedRoutes('');
    grantedRoutes('/v2');

    app.post('/us-system/role/view-as', {
      schema: {
        tags: ['角色管理'],
        summary: '预览权限: 角色或用户现有的, 或未保存的授权 (menuIds 等) 所得的菜单, 按钮, 数据权限与接口权限',
        body: Type.Object({ ...GrantBody.properties, userId: Type.Optional(IdText()) }),
        response: { 200: Envelope(ViewAs) },
      },
      config: { permission: 'role' },
      handler: async (req) => {
        const b = req.body as Record<string, unknown>;
        const scope = scopeOf(req);
        let menuIds: Set<number>;
        let dataIds: number[];
        let apiIds: number[];
        if (b.menuIds !== undefined || b.dataScopeIds !== undefined || b.apiScopeIds !== undefined) {
          menuIds = new Set(await grantableMenus(await grantsOf(req), ids(b.menuIds)));
          dataIds = await liveScopeIds(dataScope, ids(b.dataScopeIds), 'dataScopeIds');
          apiIds = await liveScopeIds(apiScope, ids(b.apiScopeIds), 'apiScopeIds');
        } else {
          let roleIds = ids(b.roleIds);
          if (b.userId) {
            const [u] = await db
              .select({ roleId: user.roleId })
              .from(user)
              .where(visible(user, scope, eq(user.id, Number(b.userId))));
            if (!u) throw notFound(CRUD_MESSAGES.notFound.zh);
            roleIds = ids(u.roleId);
          }
          if (roleIds.length) await rolesOf(scope, roleIds);
          const grants = await ctx.access.grants(roleIds);
          const held = await heldBy(roleIds);
          menuIds = grants.menuIds;
          dataIds = [...new Set(held.scopes.filter((s) => s.category === SCOPE_DATA).map((s) => s.id))];
          apiIds = [...grants.apiScopeIds];
        }
        const menus = (await allMenus()).filter((m) => menuIds.has(m.id));
        const [data, apis] = await Promise.all([
          dataIds.length
            ? db
                .select({ resourceCode: dataScope.resourceCode, scopeName: dataScope.scopeName, scopeType: dataScope.scopeType })
                .from(dataScope)
                .where(and(inArray(dataScope.id, dataIds), eq(dataScope.isDeleted, 0)))
            : [],
          apiIds.length
            ? db
                .select({ scopeName: apiScope.scopeName, scopePath: apiScope.scopePath })
                .from(apiScope)
                .where(and(inArray(apiScope.id, apiIds), eq(apiScope.isDeleted, 0)))
            : [],
        ]);
        return ok({ menus: previewTree(menus.filter((m) => m.category === 1)), buttons: menus.filter((m) => m.category === 2).map((m) => m.code), dataScopes: data, apiScopes: apis });
      },
    });

    app.get('/us-system/role/grant-log', {
      schema: {
        tags: ['角色管理'],
        summary: '授权记录: 谁在何时给角色增减了哪些菜单与权限 (roleId), 或给用户增减了哪些角色 (userId)',
        querystring: Type.Object({ roleId: Type.Optional(IdText()), userId: Type.Optional(IdText()), ...PageQuery }),
        response: { 200: Envelope(PageOf(LogRecord)) },
      },
      config: { permission: 'role' },
      handler: async (req) => {
        const q = req.query as { roleId?: string; userId?: string; current: number; size: number };
        const scope = scopeOf(req);
        if (q.roleId) await rolesOf(scope, [Number(q.roleId)]);
        else if (q.userId) {
          const [u] = await db
            .select({ id: user.id })
            .from(user)
            .where(visible(user, scope, eq(user.id, Number(q.userId))));
          if (!u) throw notFound(CRUD_MESSAGES.notFound.zh);
        } else throw badRequest('缺少必填参数 roleId', 'roleId');
        const target = q.roleId ? { type: 'role', id: q.roleId } : { type: 'user', id: q.userId! };
        const where = visible(grantLog, scope, eq(grantLog.targetType, target.type), eq(grantLog.targetId, Number(target.id)));
        const [{ n }] = await db.select({ n: count() }).from(grantLog).where(where);
        const rows = await db
          .select()
          .from(grantLog)
          .where(where)
          .orderBy(desc(grantLog.id))
          .limit(q.size)
          .offset((q.current - 1) * q.size);
        const names = await namesFor(db, rows);
        const records = rows.map((r) => {
          const before = new Set(ids(r.before));
          const after = new Set(ids(r.after));
          const name = (id: number) => names.get(`${r.field}:${id}`) ?? String(id);
          return {
            id: idStr(r.id),
            targetType: r.targetType,
            targetId: idStr(r.targetId),
            field: r.field,
            added: [...after].filter((id) => !before.has(id)).map(name),
            removed: [...before].filter((id) => !after.has(id)).map(name),
            operatorName: r.operatorName,
            createTime: formatTime(r.createTime),
          };
        });
        return ok(pageOf(records, Number(n), q.current, q.size));
      },
    });

    app.get('/us-system/role/tree-by-id', {
      schema: {
        tags: ['角色管理'],
        summary: '角色所在租户的角色树',
        querystring: Type.Object({ roleId: IdText() }),
        response: { 200: Envelope(Type.Array(Type.Ref(TreeNodeSchema))) },
      },
      config: { permission: ['role', 'user'] },
      handler: async (req) => {
        const scope = scopeOf(req);
        await rolesOf(scope, [Number((req.query as { roleId: string }).roleId)]);
        const rows = await db.select({ id: role.id, parentId: role.parentId, name: role.roleName }).from(role).where(visible(role, scope)).orderBy(asc(role.sort), asc(role.id));
        return ok(buildTree(rows.map((r) => ({ key: idStr(r.id), parent: idStr(r.parentId), label: r.name }))));
      },
    });
  };
}

type PreviewNode = { id: string; parentId: string; name: string; code: string; path: string; source: string; children?: PreviewNode[] };

/** The menus a preview shows, nested (leaves without `children`). */
function previewTree(menus: MenuRow[]): PreviewNode[] {
  type Node = PreviewNode;
  const nodes = new Map<number, Node>(menus.map((m) => [m.id, { id: idStr(m.id), parentId: idStr(m.parentId), name: m.name, code: m.code, path: m.path, source: m.source }]));
  const top: Node[] = [];
  for (const m of menus) {
    const parent = nodes.get(m.parentId);
    if (parent) (parent.children ??= []).push(nodes.get(m.id)!);
    else top.push(nodes.get(m.id)!);
  }
  return top;
}

/** Names of the menus, scopes and roles a page of history names ('field:id' → name), deleted ones too. */
async function namesFor(db: Db, rows: (typeof grantLog.$inferSelect)[]): Promise<Map<string, string>> {
  const wanted = (field: string) => [...new Set(rows.filter((r) => r.field === field).flatMap((r) => [...ids(r.before), ...ids(r.after)]))];
  const out = new Map<string, string>();
  const read = async (field: string, table: typeof menu | typeof dataScope | typeof apiScope | typeof role, name: 'name' | 'scopeName' | 'roleName') => {
    const list = wanted(field);
    if (!list.length) return;
    const t = table as typeof menu;
    const found = await db
      .select({ id: t.id, name: (table as unknown as Record<string, typeof menu.name>)[name] })
      .from(table)
      .where(inArray(t.id, list));
    for (const f of found) out.set(`${field}:${f.id}`, f.name);
  };
  await read('menu', menu, 'name');
  await read('dataScope', dataScope, 'scopeName');
  await read('apiScope', apiScope, 'scopeName');
  await read('role', role, 'roleName');
  return out;
}
