/**
 * `npm run move-to-postgres -w @wb/server -- <DATA_DIR> <DATABASE_URL>`: an embedded installation's
 * database, logs and files copied into an empty PostgreSQL database (platform/move-to-postgres.ts).
 */
import { resolve } from 'node:path';
import { moveToPostgres } from './platform/move-to-postgres';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir || !databaseUrl) {
  console.error('usage: npm run move-to-postgres -w @wb/server -- <DATA_DIR> <DATABASE_URL>');
  process.exit(2);
}
try {
  const copied = await moveToPostgres(resolve(process.env.INIT_CWD ?? '.', dataDir), databaseUrl, (line) => console.log(`  ${line}`));
  console.log(`moved: ${Object.values(copied).reduce((a, b) => a + b, 0)} rows and files. Start the server with DATABASE_URL=${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
} catch (err) {
  console.error(`not moved: ${(err as Error).message}`);
  process.exit(1);
}
