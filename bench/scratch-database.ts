import { readFileSync } from 'node:fs';
import { scratchDatabase as scratchOn } from '../apps/server/test/support/scratch-database';

/**
 * A database of the bench's own on the PostgreSQL server DATABASE_URL names (dropped after), or
 * nothing when it is unset: the bench then runs on the embedded database.
 */
export async function scratchDatabase(prefix: string): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  return server ? scratchOn(server, prefix) : { drop: async () => undefined };
}

/** The p-th percentile of a sample of times. */
export const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))];

/** A process's resident memory now, in MB (Linux). */
export const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
