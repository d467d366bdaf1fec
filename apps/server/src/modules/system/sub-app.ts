import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, max, or } from 'drizzle-orm';
import { SUB_APP_DESCRIPTOR_FIELDS, subAppAddressError, subAppResource } from '@wb/contracts/resources/sub-app';
import { menu, role, roleMenu, subApp, topMenu, topMenuSetting } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import type { AuthUser } from '../../platform/auth';
import { announces } from '../../platform/changes';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, notFound, ok } from '../../platform/envelope';
import type { Scope } from '../../platform/scope';
import { checkSubApp, loaderFor } from './sub-app-check';
import type { ResourceOptions } from '../../platform/crud/routes';
import { resourceSchemas } from '../../platform/crud/schemas';
import { toWire } from '../../platform/crud/wire';
import { getTableColumns } from 'drizzle-orm';
import { scopeOf, visible } from '../../platform/scope';

/** The descriptor is the registry record without its audit columns: one shape, from the definition. */
const Descriptor = Type.Pick(resourceSchemas(subAppResource).Record, SUB_APP_DESCRIPTOR_FIELDS);
const columns = getTableColumns(subApp);

/** The shell's origin as the browser calling sees it (the app's entry is checked from there). */
function shellOrigin(req: FastifyRequest): string {
  const origin = req.headers.origin;
  return typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin) ? origin : `${req.protocol}://${req.host}`;
}

async function oneApp(db: Db, scope: Scope, id: string | number) {
  const [row] = await db
    .select()
    .from(subApp)
    .where(visible(subApp, scope, eq(subApp.id, Number(id))));
  if (!row) throw notFound('子应用不存在');
  return row;
}

const trim = (p: string) => p.trim().replace(/^\/+|\/+$/g, '');

/**
 * 生成菜单: the app's menus as the seeded apps have them (a menu at its prefix with its
 * start page below, the tenant's top menu holding both), each created only when its code
 * is not there yet, and granted to the tenant's administrator roles and the caller's, so
 * they show on the next menu load. Menus are the platform's shared rows: the action is
 * the default tenant's (ActionDef.platform).
 */
async function createMenus(db: Db, app: typeof subApp.$inferSelect, user: AuthUser): Promise<string> {
  const prefix = `/${trim(app.prefix)}`;
  const start = trim(app.defaultPath) ? `${prefix}/${trim(app.defaultPath)}` : prefix;
  const ensureMenu = async (code: string, values: Omit<typeof menu.$inferInsert, 'code'>) => {
    const [found] = await db
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.code, code), eq(menu.isDeleted, 0)));
    if (found) return found.id;
    const [row] = await db
      .insert(menu)
      .values({ ...values, code, category: 1, serviceName: app.serviceName, createUser: user.userId })
      .returning({ id: menu.id });
    return row.id;
  };
  const home = await ensureMenu(`${app.serviceName}_home`, { parentId: 0, name: app.name, path: prefix, source: 'appstore', sort: 100 });
  const startMenu = await ensureMenu(`${app.serviceName}_start`, { parentId: home, name: `${app.name}首页`, path: start, sort: 1 });
  const code = `app_${app.serviceName}`;
  let [top] = await db
    .select({ id: topMenu.id })
    .from(topMenu)
    .where(and(eq(topMenu.tenantId, app.tenantId), eq(topMenu.code, code), eq(topMenu.isDeleted, 0)));
  if (!top) {
    const [last] = await db
      .select({ sort: max(topMenu.sort) })
      .from(topMenu)
      .where(and(eq(topMenu.tenantId, app.tenantId), eq(topMenu.isDeleted, 0)));
    [top] = await db
      .insert(topMenu)
      .values({ tenantId: app.tenantId, code, name: app.name, path: start, source: 'appstore', sort: (last?.sort ?? 0) + 1, serviceName: app.serviceName, createUser: user.userId })
      .returning({ id: topMenu.id });
  }
  // the top menu holds the app's branch; its start page comes with it
  await db.insert(topMenuSetting).values({ topMenuId: top.id, menuId: home }).onConflictDoNothing();
  const menus = [home, startMenu];
  const roles = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, app.tenantId), eq(role.isDeleted, 0), or(eq(role.roleAlias, ADMIN_ROLE_ALIAS), user.roleIds.length ? inArray(role.id, user.roleIds) : undefined)));
  if (roles.length)
    await db
      .insert(roleMenu)
      .values(roles.flatMap((r) => menus.map((menuId) => ({ roleId: r.id, menuId }))))
      .onConflictDoNothing();
  return `菜单已生成: ${app.name} (${start}), 重新加载菜单后可见`;
}

/**
 * The registry's own rule on submit: the addresses a shell loads the app from and hands it
 * as its API must be http(s) or a path of this site. A `javascript:` or `data:` host
 * would run in the shell's origin for every user of the tenant. The actions: 测试加载
 * (sub-app-check.ts) and 生成菜单.
 */
export function subAppOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      // the shell's menus leave out the menus of apps without an address for those who cannot give one (menu-visibility.ts)
      ...announces(ctx.changes, 'menus'),
      beforeSubmit(_ctx, values) {
        const bad = subAppAddressError(values as { host?: string; defaultApiHost?: string });
        if (bad) throw badRequest(bad.msg, bad.field);
      },
    },
    actions: {
      testLoad: async ({ req, scope, keys }) => {
        const app = await oneApp(ctx.database.db, scope, keys[0]);
        const origin = shellOrigin(req);
        const load = loaderFor(req.server, ctx.outbound, origin);
        const report = await checkSubApp({ host: app.host, routerMode: app.routerMode, shellOrigin: origin, allowedOrigins: ctx.config.corsOrigins, load });
        return { msg: report.summary, data: report as unknown as Record<string, unknown> };
      },
      createMenus: async ({ scope, keys, user }) =>
        ctx.database.db.transaction(async (tx) => {
          const msg = await createMenus(tx, await oneApp(tx, scope, keys[0]), user);
          await ctx.changes.publish(tx, 'menus');
          await ctx.changes.publish(tx, 'grants');
          return msg;
        }),
    },
  };
}

/** The list every signed-in shell loads at start (the registry's admin calls are the resource's). */
export function subAppRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/us-system/sub-app/registry', {
      schema: { tags: [subAppResource.title.zh], summary: '子应用注册表 (壳启动时加载, 默认应用在前)', response: { 200: Envelope(Type.Array(Descriptor)) } },
      config: { signedIn: true },
      handler: async (req) => {
        const rows = await ctx.database.db
          .select()
          .from(subApp)
          .where(visible(subApp, scopeOf(req), eq(subApp.status, 1)))
          .orderBy(asc(subApp.sort), asc(subApp.id));
        // the default app first: the shell preloads in this order
        rows.sort((a, b) => b.default - a.default);
        return ok(rows.map((r) => toWire(subAppResource, columns, r)));
      },
    });
  };
}
