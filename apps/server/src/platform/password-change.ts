import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema/index';
import type { SessionCheck } from './auth';
import { liftLocks } from './login-limits';
import { hashPassword } from './passwords';

/**
 * Gives the users `which` selects a new password, however it is changed (their own change, an
 * administrator's, the password retrieval). Whoever knew the old one is signed out: every session
 * of theirs ends in the same transaction as the write, but `keep`, the session that made the
 * change, and every instance forgets what it cached about them when it commits
 * (SessionCheck.revokeUsers). The locks the old password earned are lifted at every address.
 * Answers the users changed.
 */
export async function setPassword(
  db: Db,
  sessions: SessionCheck,
  which: SQL | undefined,
  password: string,
  opts: { keep?: string; by?: number } = {},
): Promise<{ id: number; tenantId: string; account: string }[]> {
  const hash = await hashPassword(password);
  const changed = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = await t
      .update(user)
      .set({ password: hash, failCount: 0, lockedUntil: null, updateTime: new Date(), ...(opts.by ? { updateUser: opts.by } : {}) })
      .where(which)
      .returning({ id: user.id, tenantId: user.tenantId, account: user.account });
    await sessions.revokeUsers(
      t,
      rows.map((r) => r.id),
      opts.keep,
    );
    return rows;
  });
  await liftLocks(db, changed);
  return changed;
}
