import pg from 'pg';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, notFound } from '../../platform/envelope';

/** Datasources: 'test connection' really connects. */
export function datasourceOptions(): ResourceOptions {
  return {
    actions: {
      test: async ({ keys, scope, store }) => {
        const row = await store.findByKey(scope, String(keys[0]));
        if (!row) throw notFound('数据源不存在');
        const conn = new pg.Client({
          connectionString: String(row.url).replace(/^jdbc:/, ''),
          user: String(row.username),
          password: String(row.password),
          connectionTimeoutMillis: 5000,
        });
        try {
          await conn.connect();
          await conn.query('select 1');
        } catch (err) {
          throw badRequest(`连接失败: ${(err as Error).message}`, 'url');
        } finally {
          await conn.end().catch(() => undefined);
        }
        return ACCESS_MESSAGES.connected.zh;
      },
    },
  };
}
