/** pglite-thread.test.ts: writes a row to the embedded database in argv[2], says so, and waits to be killed. */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';

const database = await openDatabase({ dataDir: process.argv[2] });
await database.db.execute(sql`insert into param (tenant_id, param_name, param_key, param_value) values ('000000', 'durability', 'thread.durability', 'kept')`);
process.stdout.write('written\n');
await new Promise(() => undefined);
