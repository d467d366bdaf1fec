import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@wb/contracts/auth';
import type { Db } from '../db/client';
import { user } from '../db/schema/index';
import { caller } from './auth';
import { unauthorized } from './envelope';
import { scopeOf, visible } from './scope';

/** The signed-in user's own row; 401 when the account was deleted while its session lived. */
export async function callerRow(db: Db, req: FastifyRequest): Promise<typeof user.$inferSelect> {
  const [u] = await db
    .select()
    .from(user)
    .where(visible(user, scopeOf(req), eq(user.id, caller(req).userId)))
    .limit(1);
  if (!u) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return u;
}
