import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { SUB_APP_DESCRIPTOR_FIELDS, subAppAddressError, subAppResource } from '@wb/contracts/resources/sub-app';
import { subApp } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, ok } from '../../platform/envelope';
import type { ResourceOptions } from '../../platform/crud/routes';
import { resourceSchemas } from '../../platform/crud/schemas';
import { toWire } from '../../platform/crud/wire';
import { getTableColumns } from 'drizzle-orm';
import { scopeOf, visible } from '../../platform/scope';

/** The descriptor is the registry record without its audit columns: one shape, from the definition. */
const Descriptor = Type.Pick(resourceSchemas(subAppResource).Record, SUB_APP_DESCRIPTOR_FIELDS);
const columns = getTableColumns(subApp);

/**
 * The registry's own rule on submit: the addresses a shell loads the app from and hands it
 * as its API must be http(s) or a path of this site. A `javascript:` or `data:` host
 * would run in the shell's origin for every user of the tenant.
 */
export function subAppOptions(): ResourceOptions {
  return {
    hooks: {
      beforeSubmit(_ctx, values) {
        const bad = subAppAddressError(values as { host?: string; defaultApiHost?: string });
        if (bad) throw badRequest(bad.msg, bad.field);
      },
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
