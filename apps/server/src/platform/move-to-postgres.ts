import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/client';
import { DatabaseStore } from './database-store';

/** Rows read and written at a time. */
const BATCH = 500;
/** json and jsonb (their type OIDs) */
const JSON_TYPES = new Set([114, 3802]);

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies everything an embedded installation holds (DATA_DIR: the database, its logs and its
 * files) into an empty PostgreSQL database, which gets this version's schema first: the rows of
 * every table, the identity counters after them, and the files into the database
 * (database-store.ts). The embedded folder is left as it was. Run with the server stopped:
 * `npm run move-to-postgres -w @wb/server -- <DATA_DIR> <DATABASE_URL>` (docs/operations.md).
 */
export async function moveToPostgres(dataDir: string, databaseUrl: string, log: (line: string) => void = () => undefined): Promise<Record<string, number>> {
  const source = await openDatabase({ dataDir });
  const target = await openDatabase({ databaseUrl, dataDir: ':memory:' });
  try {
    const [tenants] = (await target.db.execute<{ n: number }>(sql`select count(*)::int as n from tenant`)).rows;
    if (tenants.n > 0) throw new Error('the PostgreSQL database is not empty: it has tenants already');
    const tables = (
      await source.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.name);
    const copied: Record<string, number> = {};
    await target.db.transaction(async (tx) => {
      const to = tx as unknown as Db;
      for (const table of tables) {
        // the logs are in a second embedded database: each table is read from both
        let n = 0;
        for (const from of new Set([source.db, source.logs])) n += await copyTable(from, to, table);
        if (n) copied[table] = n;
        if (n) log(`${table}: ${n}`);
      }
      // identity columns go on after the highest id copied
      const identities = (
        await to.execute<{ t: string; c: string }>(sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and is_identity = 'YES'`)
      ).rows;
      for (const { t, c } of identities)
        await to.execute(sql.raw(`select setval(pg_get_serial_sequence('${quoted(t)}', '${c}'), max(${quoted(c)})) from ${quoted(t)} having max(${quoted(c)}) is not null`));
    });
    const files = await new DatabaseStore(target.db).moveIn(join(dataDir, 'files'), { keep: true });
    if (files) copied.files = files;
    log(`files: ${files}`);
    return copied;
  } finally {
    await source.close();
    await target.close();
  }
}

/** Copies one table's rows, BATCH at a time in the order they are stored; answers how many. */
async function copyTable(from: Db, to: Db, table: string): Promise<number> {
  let copied = 0;
  let after = '(0,0)';
  for (;;) {
    const { rows, fields } = await from.execute<Record<string, unknown> & { __ctid: string }>(
      sql.raw(`select ctid::text as __ctid, * from ${quoted(table)} where ctid > '${after}'::tid order by ctid limit ${BATCH}`),
    );
    if (!rows.length) return copied;
    after = rows[rows.length - 1].__ctid;
    const columns = fields.filter((f) => f.name !== '__ctid');
    // JSON goes as its text (node-postgres would write a JSON array as a PostgreSQL array)
    const value = (r: Record<string, unknown>, f: (typeof fields)[number]) =>
      JSON_TYPES.has(f.dataTypeID) && r[f.name] !== null ? sql`${JSON.stringify(r[f.name])}::jsonb` : sql`${r[f.name]}`;
    const values = rows.map(
      (r) =>
        sql`(${sql.join(
          columns.map((f) => value(r, f)),
          sql`, `,
        )})`,
    );
    await to.execute(sql`insert into ${sql.raw(quoted(table))} (${sql.raw(columns.map((f) => quoted(f.name)).join(', '))}) values ${sql.join(values, sql`, `)}`);
    copied += rows.length;
  }
}
