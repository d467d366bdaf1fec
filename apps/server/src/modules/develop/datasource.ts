import { connectDatasource, datasourceAddress } from '../../platform/datasource-client';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import { eq } from 'drizzle-orm';
import { datasource } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { visible } from '../../platform/scope';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, notFound } from '../../platform/envelope';

/**
 * Datasources: PostgreSQL only, at an address the server may connect to (the outbound guard)
 * and with no parameter that reads a file or picks a socket, the password sealed at rest
 * (SecretBox); 'test connection' really connects.
 */
export function datasourceOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit(_ctx, values) {
        if (values.url !== undefined) await ctx.outbound.refuseInternal(datasourceAddress(String(values.url), 'url').host, 'url');
      },
    },
    actions: {
      test: async ({ keys, scope }) => {
        const [row] = await ctx.database.db
          .select()
          .from(datasource)
          .where(visible(datasource, scope, eq(datasource.id, Number(keys[0]))));
        if (!row) throw notFound('数据源不存在');
        const { client, said } = await connectDatasource(row, ctx.secrets, ctx.outbound, 'url');
        try {
          await client.query('select 1');
        } catch (err) {
          throw badRequest(`连接失败: ${said(err)}`, 'url');
        } finally {
          await client.end().catch(() => undefined);
        }
        return ACCESS_MESSAGES.connected.zh;
      },
    },
  };
}
