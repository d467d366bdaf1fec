import pg from 'pg';
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
        const password = row.password ? ctx.secrets.open(row.password) : '';
        if (password === undefined) throw badRequest('密码无法解密 (SECRET_KEY 已更换?), 请重新输入密码', 'password');
        // the user and password go into the address: given beside it, pg would let the address's (none) win
        const address = parsed(row.url);
        if (!address) throw badRequest('连接地址不正确', 'url');
        address.username = encodeURIComponent(row.username);
        address.password = encodeURIComponent(password);
        const conn = new pg.Client({ connectionString: address.toString(), connectionTimeoutMillis: 5000 });
        // a failed connection also emits 'error' on the client: without a listener that would end the process
        conn.on('error', () => undefined);
        try {
          await conn.connect();
          await conn.query('select 1');
        } catch (err) {
          // the driver's words (host refused, auth failed …), never the password
          const said = String((err as Error).message);
          throw badRequest(`连接失败: ${password ? said.replaceAll(password, '***') : said}`, 'url');
        } finally {
          await conn.end().catch(() => undefined);
        }
        return ACCESS_MESSAGES.connected.zh;
      },
    },
  };
}
