import { connectDatasource } from '../../platform/datasource-client';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import { eq } from 'drizzle-orm';
import { datasource } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { visible } from '../../platform/scope';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, notFound } from '../../platform/envelope';

/** PostgreSQL addresses as the family writes them (JDBC) or as Node does. */
const URL_PATTERN = /^(jdbc:)?postgres(ql)?:\/\/[^\s]+$/;

const parsed = (url: string): URL | undefined => {
  try {
    return new URL(url.replace(/^jdbc:/, ''));
  } catch {
    return undefined;
  }
};

/** Datasources: PostgreSQL only, the password sealed at rest (SecretBox), 'test connection' really connects. */
export function datasourceOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      beforeSubmit(_ctx, values) {
        if (values.url !== undefined && !(URL_PATTERN.test(String(values.url)) && parsed(String(values.url))))
          throw badRequest('连接地址应为 postgresql://主机:端口/数据库 (或 jdbc:postgresql://…)', 'url');
      },
    },
    actions: {
      test: async ({ keys, scope }) => {
        const [row] = await ctx.database.db
          .select()
          .from(datasource)
          .where(visible(datasource, scope, eq(datasource.id, Number(keys[0]))));
        if (!row) throw notFound('数据源不存在');
        const { client, said } = await connectDatasource(row, ctx.secrets, 'url');
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
