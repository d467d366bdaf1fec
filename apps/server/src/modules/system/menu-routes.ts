import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SUBSCRIBE_MESSAGES } from '@wb/contracts/resources/subscription';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, forbidden, notFound, ok } from '../../platform/envelope';
import { OpenedSystems } from '../../platform/subscription';
import { MenuCache } from './menu-cache';
import { mayConfigureSubApps } from './menu-visibility';
import { publishedSubApps } from '../../platform/static-apps';
import { IdText } from '../../platform/input-types';

const MenuNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      alias: Type.String(),
      path: Type.String(),
      source: Type.String(),
      sort: Type.Integer(),
      category: Type.Integer({ description: '1 menu, 2 button' }),
      action: Type.Integer(),
      isOpen: Type.Integer({ description: '1 same tab, 2 new window' }),
      remark: Type.String(),
      serviceName: Type.String(),
      isBlank: Type.Boolean(),
      enableGray: Type.Boolean(),
      grayPath: Type.String(),
      query: Type.String(),
      topMenuIds: Type.String(),
      meta: Type.Object({ i18n: Type.String(), isTab: Type.Boolean(), keepAlive: Type.Boolean(), serviceName: Type.String() }),
      children: Type.Optional(Type.Array(Self)),
      hasChildren: Type.Boolean(),
    }),
  { $id: 'MenuNode' },
);

const TopMenuSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  source: Type.String(),
  path: Type.String(),
  sort: Type.Integer(),
  serviceName: Type.String(),
});

const MenuTree = (s: TSchema) => Envelope(Type.Array(s));

/** Sends JSON the cache already serialised; the response schema still documents its shape. */
const sendJson = (reply: FastifyReply, json: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(json);

/** The menus the shell draws (top menu, side menu, button grants), filtered by the caller's roles. */
export function menuRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const menus = new MenuCache(ctx.database.db, publishedSubApps(ctx.config.subappsDir), () => ctx.changes.live);
    // a project account's subscription packages name the systems (top menus) it may open
    const opened = new OpenedSystems(ctx.database.db, ctx.changes);
    // menus, top menus and new tenants' top menus show on the next request, on every instance
    // (the sub-app registry announces 'menus' too: whether an app's menus lead somewhere is read from it)
    for (const topic of ['menus', 'tenants'] as const) ctx.changes.on(topic, () => menus.invalidate());
    app.addSchema(MenuNodeSchema);

    // the family's own paths (menu/top-menu, menu/routes) answer the same as the v2 paths the shell calls
    for (const url of ['/us-system/v2/top-menu-multi/top-menu', '/us-system/menu/top-menu'])
      app.get(url, {
        schema: { tags: ['菜单'], summary: '顶部菜单', response: { 200: MenuTree(TopMenuSchema) } },
        config: { signedIn: true },
        handler: async (req) => {
          const me = caller(req);
          const grants = await ctx.access.grants(me.roleIds);
          const systems = await opened.of(me.tenantId, me.roleIds);
          const tops = await menus.topMenus(me.tenantId, grants.menuIds, { allSubApps: mayConfigureSubApps(grants) });
          return ok(tops.filter((top) => !systems || systems.has(Number(top.id))));
        },
      });

    for (const url of ['/us-system/v2/menu-multi/routes', '/us-system/menu/routes'])
      app.get(url, {
        schema: {
          tags: ['菜单'],
          summary: '顶部菜单下的侧边菜单 (路由)',
          querystring: Type.Object({ topMenuId: Type.Optional(IdText()) }),
          response: { 200: MenuTree(Type.Ref(MenuNodeSchema)) },
        },
        config: { signedIn: true },
        handler: async (req, reply) => {
          const me = caller(req);
          const { topMenuId } = req.query as { topMenuId?: string };
          const systems = topMenuId ? await opened.of(me.tenantId, me.roleIds) : undefined;
          if (systems && !systems.has(Number(topMenuId))) throw forbidden(SUBSCRIBE_MESSAGES.systemClosed.zh);
          const grants = await ctx.access.grants(me.roleIds);
          // a sub-app without an address leads nowhere: only those who can give it one see its menus
          const tree = await menus.tree(me.tenantId, grants, { topMenuId: topMenuId ? Number(topMenuId) : undefined, category: 1 }, { allSubApps: mayConfigureSubApps(grants) });
          if (!tree) throw notFound('顶部菜单不存在');
          return sendJson(reply, tree);
        },
      });

    app.get('/us-system/menu/buttons', {
      schema: { tags: ['菜单'], summary: '按钮权限树', response: { 200: MenuTree(Type.Ref(MenuNodeSchema)) } },
      config: { signedIn: true },
      handler: async (req, reply) => {
        const me = caller(req);
        return sendJson(reply, (await menus.tree(me.tenantId, await ctx.access.grants(me.roleIds), {}))!);
      },
    });
  };
}
