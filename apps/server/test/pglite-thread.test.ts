import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

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
