import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { subApp } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import { crudDeps, type AppContext } from '../../platform/context';
import { Envelope, idStr, ok } from '../../platform/envelope';
import { registerResource } from '../../platform/resource/routes';

const Descriptor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  serviceName: Type.String(),
  prefix: Type.String(),
  host: Type.String(),
  defaultApiHost: Type.String(),
  defaultPath: Type.String(),
  exec: Type.Integer(),
  fiber: Type.Integer(),
  alive: Type.Integer(),
  isDashboardApp: Type.Integer(),
  default: Type.Integer(),
  sort: Type.Integer(),
});

/** The sub-application registry: admin CRUD, and the list every signed-in shell loads at start. */
export function subAppRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerResource(app, crudDeps(ctx), subAppResource, subApp);

    app.get('/us-system/sub-app/registry', {
      schema: { tags: [subAppResource.title.zh], summary: '子应用注册表 (壳启动时加载, 默认应用在前)', response: { 200: Envelope(Type.Array(Descriptor)) } },
      handler: async (req) => {
        const rows = await ctx.database.db
          .select()
          .from(subApp)
          .where(and(eq(subApp.tenantId, caller(req).tenantId), eq(subApp.isDeleted, 0), eq(subApp.status, 1)))
          .orderBy(asc(subApp.sort), asc(subApp.id));
        // the default app first: the shell preloads in this order
        rows.sort((a, b) => b.default - a.default);
        return ok(
          rows.map((r) => ({
            id: idStr(r.id),
            name: r.name,
            serviceName: r.serviceName,
            prefix: r.prefix,
            host: r.host,
            defaultApiHost: r.defaultApiHost,
            defaultPath: r.defaultPath,
            exec: r.exec,
            fiber: r.fiber,
            alive: r.alive,
            isDashboardApp: r.isDashboardApp,
            default: r.default,
            sort: r.sort,
          })),
        );
      },
    });
  };
}
