import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { grantLog } from '../db/schema/index';
import { caller } from './auth';

/** One entry of the grant history: who changed what of which role or user, from what to what. */
export interface GrantChange {
  tenantId: string;
  targetType: 'role' | 'user';
  targetId: number;
  field: 'menu' | 'dataScope' | 'apiScope' | 'role';
  before: number[];
  after: number[];
}

/** Writes the changes that changed something, in the caller's name (inside the grant's transaction). */
export async function logGrants(tx: Db, req: FastifyRequest, changes: GrantChange[]): Promise<void> {
  const me = caller(req);
  const rows = changes
    .filter((c) => [...c.before].sort().join(',') !== [...c.after].sort().join(','))
    .map((c) => ({ ...c, before: c.before.join(','), after: c.after.join(','), operatorId: me.userId, operatorName: me.account }));
  if (rows.length) await tx.insert(grantLog).values(rows);
}
