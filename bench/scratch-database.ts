import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of the bench's own on the PostgreSQL server DATABASE_URL names (dropped after), or
 * nothing when it is unset: the bench then runs on the embedded database.
 */
export async function scratchDatabase(prefix: string): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { drop: async () => undefined };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The p-th percentile of a sample of times. */
export const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))];
