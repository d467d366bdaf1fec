import { and, count, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '@wb/contracts/resources/access';
import type { Db } from '../db/client';
import { tenant, user } from '../db/schema/index';
import { badRequest } from './envelope';

/**
 * A tenant's account quota (`accountNumber`, -1 for no limit): a user is not added once the
 * tenant has that many. Checked by every path that adds one (the user page, guest registration);
 * `added`: the new user is among those counted (checked inside the write).
 */
export async function checkAccountQuota(db: Db, tenantId: string, added = false): Promise<void> {
  const [t] = await db
    .select({ limit: tenant.accountNumber })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!t || t.limit < 0) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  if (Number(n) > t.limit || (!added && Number(n) === t.limit)) throw badRequest(ACCESS_MESSAGES.accountLimit.zh, 'account');
}
