import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** true when a trivial query answers */
  ping(): Promise<boolean>;
  /**
   * Receives the NOTIFY payloads of `channel` (sent by any connection, this process's or another's)
   * until the returned function is called. On a server, a dropped listening connection is opened again
   * and `onReconnect` runs: notifications sent while it was down are lost, so the listener assumes anything changed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
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
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.onError) : openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let dir: string | undefined;
  if (dataDir !== ':memory:') {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite(dir);
  await client.waitReady;
  // PGlite runs on the event loop with one backend: parallel plans only add overhead
  await client.exec('SET max_parallel_workers_per_gather = 0');
  const db = drizzleLite({ client, schema }) as unknown as Db;
  await migrateLite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // one process owns the embedded database: nobody to wait for
    exclusive: (work) => work(),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    // one backend: its own notifications reach it at commit
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onError?: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // Without both handlers a PostgreSQL restart kills the process: pg emits 'error'
  // for every dropped connection, and an 'error' event nobody listens to throws.
  const report = (err: Error) => onError?.(err);
  pool.on('error', report);
  pool.on('connect', (c) => c.on('error', report));
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

/** A connection of its own that LISTENs, opened again (1 s, 2 s … 30 s apart) whenever it drops. */
async function listenPostgres(url: string, channel: string, onPayload: (p: string) => void, onReconnect: () => void, report: (err: Error) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1000;
  const open = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on('notification', (m) => m.channel === channel && onPayload(m.payload ?? ''));
    c.on('error', (err) => {
      report(err);
      retry();
    });
    c.on('end', retry);
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      report(err as Error);
      void c.end().catch(() => undefined);
      if (!again) throw err;
      return retry();
    }
    client = c;
    delay = 1000;
    if (again) onReconnect();
  };
  let pending: NodeJS.Timeout | undefined;
  function retry() {
    if (stopped || pending) return;
    client = undefined;
    pending = setTimeout(() => {
      pending = undefined;
      void open(true);
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  }
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(pending);
    await client?.end().catch(() => undefined);
  };
}

/** Refreshes planner statistics (PGlite has no autovacuum to do it). */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
