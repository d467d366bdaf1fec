import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { startPgliteThread, type PgliteThread } from '../src/db/pglite-thread';

/** The embedded database runs on a thread of its own (db/pglite-thread.ts). */
describe('the embedded database off the request thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(() => database.close());

  it('a slow query leaves the event loop free for everything else', async () => {
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    // a second or so of work inside the database
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000) a, lateral (select md5(a::text)) m`);
    const took = performance.now() - started;
    clearInterval(timer);
    // on the request thread, the timer would wait for the whole query; here it ticks on (a busy machine may delay it a little)
    expect(took).toBeGreaterThan(500);
    expect(longestGap).toBeLessThan(took / 3);
  });

  it('answers like a server: transactions roll back, errors name the fault', async () => {
    await database.db.execute(sql`create table if not exists thread_probe (n int primary key)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (1)`);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    const rows = await database.db.execute(sql`select count(*)::int as n from thread_probe`);
    expect(rows.rows[0]).toEqual({ n: 0 });
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
  });

  it('a failed statement outside a transaction costs nothing to the next one', async () => {
    // node-postgres' pool drops the connection after any failed query and opens another at once,
    // before the bridge has seen the last one close: the new one must be served, not refused
    for (let i = 0; i < 5; i++) {
      await expect(database.db.execute(sql`select ${'NaN'}::bigint`)).rejects.toMatchObject({ cause: { code: '22P02' } });
      expect((await database.db.execute(sql`select ${i}::int as n`)).rows[0]).toEqual({ n: i });
    }
  });
});

/** The protocol bridge of db/pglite-worker.mjs, spoken to by node-postgres as the server does. */
describe('the socket the embedded database answers on', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread(undefined, () => {});
  });
  afterAll(() => thread.close());

  /** One connection at a time: a new one is refused until the last one's end has been seen. */
  async function connect(): Promise<pg.Client> {
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ host: thread.socketDir, port: thread.port, user: 'postgres', database: 'postgres' });
      client.on('error', () => {});
      try {
        await client.connect();
        return client;
      } catch (err) {
        if (attempt > 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  it('carries a statement and an answer larger than one read of the socket, whole', async () => {
    const client = await connect();
    const big = 'é'.repeat(600_000);
    const { rows } = await client.query('select $1::text as t, length($1) as n', [big]);
    expect(rows[0].n).toBe(600_000);
    expect(rows[0].t).toBe(big);
    // a prepared statement again and again: Bind, Execute and Sync reach the database in one write
    for (let i = 0; i < 20; i++) expect((await client.query({ name: 'twice', text: 'select $1::int * 2 as v', values: [i] })).rows).toEqual([{ v: i * 2 }]);
    await client.end();
  });

  it('a connection cut inside a transaction leaves nothing behind for the next one', async () => {
    const first = await connect();
    await first.query('create table cut_probe (n int)');
    await first.query('begin');
    await first.query('insert into cut_probe values (1)');
    // cut, not ended: neither COMMIT nor ROLLBACK is sent
    (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const next = await connect();
    expect((await next.query('select count(*)::int as n from cut_probe')).rows).toEqual([{ n: 0 }]);
    await next.query('insert into cut_probe values (2)');
    expect((await next.query('select n from cut_probe')).rows).toEqual([{ n: 2 }]);
    await next.end();
  });
});

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-thread-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps an acknowledged write when the process is killed (kill -9)', async () => {
    const script = fileURLToPath(new URL('./support/write-then-wait.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(line).toBe('written');
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.execute(sql`select param_value from param where param_key = 'thread.durability'`);
      expect(rows.rows).toEqual([{ param_value: 'kept' }]);
    } finally {
      await database.close();
    }
  });
});
