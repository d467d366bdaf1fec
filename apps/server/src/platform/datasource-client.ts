import pg from 'pg';
import type { datasource } from '../db/schema/index';
import { badRequest } from './envelope';
import type { SecretBox } from './secrets';

/** A connected client of a configured datasource, and the driver's words for a failure with the password masked. */
export interface DatasourceClient {
  client: pg.Client;
  said(err: unknown): string;
}

/**
 * Connects to a datasource (数据源管理) with its sealed password; every refusal is a 400 naming
 * `field`, in the driver's words, never with the password. The caller ends the client.
 */
export async function connectDatasource(row: typeof datasource.$inferSelect, secrets: SecretBox, field: string): Promise<DatasourceClient> {
  const password = row.password ? secrets.open(row.password) : '';
  if (password === undefined) throw badRequest('数据源的密码无法解密 (SECRET_KEY 已更换?), 请在数据源管理中重新输入密码', field);
  let address: URL;
  try {
    address = new URL(row.url.replace(/^jdbc:/, ''));
  } catch {
    throw badRequest('数据源的连接地址不正确', field);
  }
  // the user and password go into the address: given beside it, pg would let the address's (none) win
  address.username = encodeURIComponent(row.username);
  address.password = encodeURIComponent(password);
  const said = (err: unknown) => (password ? String((err as Error).message).replaceAll(password, '***') : String((err as Error).message));
  const client = new pg.Client({ connectionString: address.toString(), connectionTimeoutMillis: 5000, statement_timeout: 10_000, query_timeout: 15_000 });
  // a failed connection also emits 'error' on the client: without a listener that would end the process
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw badRequest(`连接失败: ${said(err)}`, field);
  }
  return { client, said };
}
