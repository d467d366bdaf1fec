import { FLOW_CODES } from '@wb/contracts/flow';
import type { flowInstance } from '../../db/schema/index';
import type { AuthUser } from '../auth';
import type { AppContext } from '../context';

/**
 * Who may read a flow instance (its diagram, its history, the business record it carries): one
 * who took part in it (started it, holds or may claim one of its tasks), or one who tracks flows
 * (the 流程跟踪 menu). The one rule of the viewer and of the records a flow carries (leave).
 */
export async function mayReadFlow(ctx: Pick<AppContext, 'flow' | 'access' | 'database'>, me: AuthUser, instance: typeof flowInstance.$inferSelect | undefined): Promise<boolean> {
  if (instance && (await ctx.flow.involves(ctx.database.db, me, instance))) return true;
  return (await ctx.access.grants(me.roleIds)).codes.has(FLOW_CODES.follow);
}
