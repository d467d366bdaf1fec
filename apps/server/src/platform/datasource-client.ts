import { isIP } from 'node:net';
import pg from 'pg';
import type { datasource } from '../db/schema/index';
import { badRequest } from './envelope';
import { OutboundRefused, type Outbound } from './outbound';
import type { SecretBox } from './secrets';

/** A connected client of a configured datasource, and the driver's words for a failure with the password masked. */
export interface DatasourceClient {
  client: pg.Client;
  said(err: unknown): string;
}

/** PostgreSQL addresses as the family writes them (JDBC) or as Node does. */
const URL_PATTERN = /^(jdbc:)?postgres(ql)?:\/\/[^\s]+$/;
const WRONG_URL = '连接地址应为 postgresql://主机:端口/数据库 (或 jdbc:postgresql://…)';
/**
 * The parameters an address may carry. Every other is refused: sslrootcert, sslcert and sslkey
 * make the driver read a file of this server (synchronously: a FIFO froze the process), host
 * picks a Unix socket, options and the like set the session (its timeouts among them).
 */
const PARAMS = ['sslmode', 'application_name', 'connect_timeout'];
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];
/** the longest wait for a connection, whatever connect_timeout says */
const CONNECT_TIMEOUT_S = 5;

/** A datasource's address, read from its URL: only what this server connects with. */
export interface DatasourceAddress {
  host: string;
  port: number;
  database?: string;
  sslmode?: string;
  applicationName?: string;
  connectSeconds: number;
}

/** Reads a datasource URL; a 400 naming `field` when it is not a PostgreSQL address on a host, or carries another parameter. */
export function datasourceAddress(url: string, field: string): DatasourceAddress {
  let u: URL;
  try {
    if (!URL_PATTERN.test(url)) throw new Error();
    u = new URL(url.replace(/^jdbc:/, ''));
    decodeURIComponent(u.pathname);
  } catch {
    throw badRequest(WRONG_URL, field);
  }
  // a host name or an address; none, or a path ('%2Fvar%2Frun'), would be a Unix socket
  if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i.test(u.hostname)) throw badRequest(WRONG_URL, field);
  for (const key of u.searchParams.keys()) if (!PARAMS.includes(key)) throw badRequest(`连接地址不能带参数 ${key}, 可用: ${PARAMS.join(', ')}`, field);
  const sslmode = u.searchParams.get('sslmode') ?? undefined;
  if (sslmode !== undefined && !SSL_MODES.includes(sslmode)) throw badRequest(`sslmode 应为 ${SSL_MODES.join(', ')} 之一`, field);
  const timeout = u.searchParams.get('connect_timeout');
  if (timeout !== null && !/^\d{1,4}$/.test(timeout)) throw badRequest('connect_timeout 应为秒数', field);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    sslmode,
    applicationName: u.searchParams.get('application_name') ?? undefined,
    connectSeconds: Math.min(Number(timeout || CONNECT_TIMEOUT_S) || CONNECT_TIMEOUT_S, CONNECT_TIMEOUT_S),
  };
}

/** TLS as pg reads sslmode (its default, not libpq's: prefer, require and verify-ca verify like verify-full), the host's name kept for the certificate. */
function sslOf(sslmode: string | undefined, host: string): pg.ClientConfig['ssl'] {
  if (sslmode === undefined) return undefined;
  if (sslmode === 'disable') return false;
  return { ...(sslmode === 'no-verify' && { rejectUnauthorized: false }), ...(isIP(host.replace(/^\[|\]$/g, '')) === 0 && { servername: host }) };
}

/**
 * Connects to a datasource (数据源管理) with its sealed password; every refusal is a 400 naming
 * `field`, in the driver's words, never with the password. The host is resolved and checked by
 * the outbound guard, and the driver connects to that very address (TLS still names the host):
 * not to this machine or its networks unless OUTBOUND_ALLOW lists them, the same refusal for
 * every port. The driver gets no URL to read, so no parameter of it can open a file, and the
 * password is given as a function, so the server's PGPASSWORD and ~/.pgpass never stand in for
 * an empty one. The caller ends the client.
 */
export async function connectDatasource(row: typeof datasource.$inferSelect, secrets: SecretBox, outbound: Outbound, field: string): Promise<DatasourceClient> {
  const password = row.password ? secrets.open(row.password) : '';
  if (password === undefined) throw badRequest('数据源的密码无法解密 (SECRET_KEY 已更换?), 请在数据源管理中重新输入密码', field);
  const address = datasourceAddress(row.url, field);
  // the driver's words, not only a code: the exception to outbound.ts's rule, said there. The
  // address is the platform administrator's, and they come only after the guard allowed it (a
  // refusal is told before any connection): what a database server the operator lets us reach says
  const said = (err: unknown) => (password ? String((err as Error).message).replaceAll(password, '***') : String((err as Error).message));
  let host: string;
  try {
    // one checked address: no fallback to the next one of the name (Outbound.resolve)
    host = await outbound.resolve(address.host);
  } catch (err) {
    throw badRequest(err instanceof OutboundRefused ? err.message : `连接失败: ${said(err)}`, field);
  }
  const client = new pg.Client({
    host,
    port: address.port,
    database: address.database,
    user: row.username,
    password: () => password,
    ssl: sslOf(address.sslmode, address.host),
    application_name: address.applicationName,
    connectionTimeoutMillis: address.connectSeconds * 1000,
    statement_timeout: 10_000,
    query_timeout: 15_000,
  });
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
