import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { SUB_APP_DESCRIPTOR_FIELDS, subAppResource } from '@wb/contracts/resources/sub-app';
import { subApp } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { Envelope, ok } from '../../platform/envelope';
import { resourceSchemas } from '../../platform/crud/schemas';
import { toWire } from '../../platform/crud/wire';
import { getTableColumns } from 'drizzle-orm';
import { scopeOf, visible } from '../../platform/scope';

/** The descriptor is the registry record without its audit columns: one shape, from the definition. */
const Descriptor = Type.Pick(resourceSchemas(subAppResource).Record, SUB_APP_DESCRIPTOR_FIELDS);
const columns = getTableColumns(subApp);

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
