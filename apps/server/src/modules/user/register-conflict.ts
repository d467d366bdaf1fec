import { and, eq, sql } from 'drizzle-orm';
import { userResource } from '@wb/contracts/resources/org';
import type { Db } from '../../db/client';
import { messageNotify, role, user } from '../../db/schema/index';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import type { Changes } from '../../platform/changes';
import { signalNotice } from '../../platform/notices';
import { tenantScope, visible } from '../../platform/scope';

/** what the reminder's list shows as its kind */
export const REGISTER_CONFLICT_MODEL = '账号注册';

/**
 * A guest registration named an account its tenant already has. The registrant is answered as for
 * a free account (the answer must not tell which accounts exist, docs/security.md), so the tenant's
 * administrators are told instead: a supervision reminder (督办提醒) leading to the user page. An
 * administrator gets one unread reminder per account, however often it is asked for. The
 * registration does not wait for it (its queries would time the taken account apart); a failure
 * goes to the server's log.
 */
export async function remindAccountTaken(db: Db, changes: Changes, tenantId: string, account: string): Promise<void> {
  const scope = tenantScope(tenantId);
  const content = `账号注册申请未受理: 账号 ${account} 已存在`;
  const admins = await db
    .selectDistinct({ id: user.id })
    .from(user)
    .innerJoin(role, sql`${role.id}::text = any(string_to_array(${user.roleId}, ','))`)
    .where(and(visible(user, scope, eq(user.status, 1)), visible(role, scope, eq(role.roleAlias, ADMIN_ROLE_ALIAS))));
  for (const { id } of admins) {
    const [told] = await db
      .select({ id: messageNotify.id })
      .from(messageNotify)
      .where(visible(messageNotify, scope, eq(messageNotify.userId, id), eq(messageNotify.content, content), eq(messageNotify.readStatus, 0)))
      .limit(1);
    if (told) continue;
    await db.insert(messageNotify).values({ tenantId, userId: id, content, modelName: REGISTER_CONFLICT_MODEL, url: userResource.page!.path });
    await signalNotice(changes, db, { kind: 'reminder', tenantId, userId: id });
  }
}
