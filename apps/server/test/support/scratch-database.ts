import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database `<prefix>_<random>` on the PostgreSQL server `serverUrl` names, and how to drop it. */
export async function scratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const once = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await once(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => once(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
