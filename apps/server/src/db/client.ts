import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { createFolders, startPgliteThread } from './pglite-thread';

/** Both databases are reached through node-postgres. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  /**
   * Where the API and error logs are kept (platform/request-log.ts). On PostgreSQL the same
   * database; on the embedded one a second, on a thread of its own, so that the log's inserts do
   * not take turns with the requests' queries on PGlite's one backend.
   */
  logs: Db;
  kind: 'pglite' | 'postgres';
  /** true when a trivial query answers */
  ping(): Promise<boolean>;
  /**
   * Receives the NOTIFY payloads of `channel` (sent by any connection, this process's or another's)
   * until the returned function is called. On a server, a listening connection found dead (it
   * dropped, or its keepalive went unanswered) is reported with `onListening(false)` and opened
   * again; `onListening(true)` follows once it listens again. Notifications sent meanwhile are lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListening: (up: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other instance on this database runs its own (a PostgreSQL advisory
   * lock): instances started together migrate and seed one after the other, never twice at once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of migrations and seeding ('wb-migrate' as a number). */
const MIGRATE_LOCK = 7_775_062;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  /** folder of the embedded database; ':memory:' keeps nothing */
  dataDir: string;
  onError?: (err: Error) => void;
}

/** Opens the database, applies the committed migrations and returns it. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.onError) : openPglite(opts.dataDir, opts.onError);
}

/**
 * The embedded database on a thread of its own (pglite-thread.ts), reached like a
 * server: by node-postgres over a Unix socket, with one connection (PGlite has one
 * backend; a transaction holds it, and other queries wait in the pool's queue). The
 * logs are a second such database beside it (`Database.logs`).
 */
async function openPglite(dataDir: string, onError?: (err: Error) => void): Promise<Database> {
  const report = (err: Error) => onError?.(err);
  // kept in the data folder, or nowhere for ':memory:'
  const dirs = dataDir === ':memory:' ? [] : ['pglite', 'pglite-logs'].map((folder) => join(dataDir, folder));
  await createFolders(dirs);
  const [main, logs] = await Promise.all([embedded(dirs[0], report), embedded(dirs[1], report)]);
  return {
    db: main.db,
    logs: logs.db,
    kind: 'pglite',
    // one process owns the embedded database: nobody to wait for
    exclusive: (work) => work(),
    ping: async () => {
      await main.pool.query('select 1');
      return true;
    },
    // nobody else to hear from: this process's own changes reach its listeners at once (changes.ts)
    listen: () => Promise.resolve(() => Promise.resolve()),
    close: async () => {
      await Promise.all([main.close(), logs.close()]);
    },
  };
}

/** One embedded database, kept in `dir` (nowhere without one), migrated. */
async function embedded(dir: string | undefined, report: (err: Error) => void) {
  const thread = await startPgliteThread(dir, report);
  const pool = connect(
    {
      host: thread.socketDir,
      port: thread.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      // Before the pool hands a new connection out. The one backend outlives a connection: a new
      // one starts it afresh (the client's prepared statements are per connection); and on one
      // thread, parallel plans only add overhead.
      onConnect: async (c) => {
        await c.query('DISCARD ALL');
        await c.query('SET max_parallel_workers_per_gather = 0');
      },
    },
    report,
  );
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder });
  return {
    db,
    pool,
    close: async () => {
      await pool.end();
      await thread.close();
    },
  };
}

/** A pool that reports, rather than throws, the errors of dropped connections. */
function connect(config: pg.PoolConfig, report: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, ...config });
  // Without both handlers a PostgreSQL restart kills the process: pg emits 'error'
  // for every dropped connection, and an 'error' event nobody listens to throws.
  pool.on('error', report);
  pool.on('connect', (c) => c.on('error', report));
  releaseOnFailedBegin(pool);
  return pool;
}

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before the try/finally that
 * releases its pooled client: a BEGIN that fails (a connection lost in a database restart)
 * leaves the client checked out for good, the pool one connection short, and `pool.end()`
 * waiting forever (drizzle-orm issues #6023, #6241; no release fixes it yet). Until one does,
 * such a client is released here, with the error, so the pool drops it.
 */
export function releaseOnFailedBegin(pool: pg.Pool): void {
  const guarded = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<pg.PoolClient> | void;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    // pool.query checks out with a callback and releases on its own
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      if (!guarded.has(client)) {
        guarded.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const result = query(...args);
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
          if (!(result instanceof Promise) || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return result;
          return result.catch((err: unknown) => {
            client.release(err instanceof Error ? err : new Error(String(err)));
            throw err;
          });
        }) as typeof client.query;
      }
      return client;
    });
  }) as typeof pool.connect;
}

async function openPostgres(url: string, onError?: (err: Error) => void): Promise<Database> {
  const report = (err: Error) => onError?.(err);
  const pool = connect({ connectionString: url, max: 10 }, report);
  const db = drizzlePg({ client: pool, schema });
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
      return await work();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK]).catch(() => undefined);
      lock.release();
    }
  };
  await exclusive(() => migratePg(db, { migrationsFolder }));
  return {
    db,
    logs: db,
    kind: 'postgres',
    exclusive,
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect, report),
    close: () => pool.end(),
  };
}

/** How often the listening connection is asked whether it is alive, and how long it has to answer. */
const LISTEN_KEEPALIVE = { everyMs: 2000, answerMs: 1500 };
/** Between two tries to listen again: the database back, the instance hears the others within this. */
const LISTEN_RETRY_MS = 500;

/**
 * A connection of its own that LISTENs. A `select 1` every LISTEN_KEEPALIVE.everyMs finds a
 * connection that died without a word (a cable, a firewall, a frozen server); a dead one is
 * ended and opened again every LISTEN_RETRY_MS until it listens.
 */
async function listenPostgres(url: string, channel: string, onPayload: (p: string) => void, onListening: (up: boolean) => void, report: (err: Error) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let pending: NodeJS.Timeout | undefined;
  let keepalive: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    clearInterval(keepalive);
    void c.end().catch(() => undefined);
    onListening(false);
    retry();
  };
  const open = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    c.on('notification', (m) => m.channel === channel && onPayload(m.payload ?? ''));
    c.on('error', (err) => {
      report(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      report(err as Error);
      void c.end().catch(() => undefined);
      if (!again) throw err;
      return retry();
    }
    if (stopped) return void c.end().catch(() => undefined);
    client = c;
    keepalive = setInterval(() => {
      const timer = setTimeout(() => lost(c), LISTEN_KEEPALIVE.answerMs);
      c.query('select 1').then(
        () => clearTimeout(timer),
        () => undefined,
      );
    }, LISTEN_KEEPALIVE.everyMs);
    keepalive.unref();
    if (again) onListening(true);
  };
  function retry() {
    if (stopped || pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      void open(true);
    }, LISTEN_RETRY_MS);
  }
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(pending);
    clearInterval(keepalive);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/** Refreshes planner statistics (PGlite has no autovacuum to do it). */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
