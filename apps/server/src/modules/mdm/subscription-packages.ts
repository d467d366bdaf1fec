import { eq, isNull } from 'drizzle-orm';
import { PACKAGE_TYPE, RULE_TYPE, SUBSCRIBE_MESSAGES, UNLIMITED } from '@wb/contracts/resources/subscription';
import { project, subscribePackage } from '../../db/schema/index';
import { announces } from '../../platform/changes';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest } from '../../platform/envelope';
import { visible } from '../../platform/scope';

/**
 * 订阅套餐: a package is checked as a whole (an update may send only some fields): its end after
 * its start, its project one of its company's, one package per company and per project, a custom
 * reminder with its text, an unlimited package without worker or device limits. A write tells
 * every instance, whose cache of the systems each account may open (platform/subscription.ts) it clears.
 */
export function subscribePackageOptions(ctx: AppContext): ResourceOptions {
  const { db } = ctx.database;
  const announce = announces(ctx.changes, 'subscriptions');
  return {
    hooks: {
      async beforeSubmit({ scope, store }, values, existing) {
        const v = { ...existing, ...values } as typeof subscribePackage.$inferSelect;
        // a package of no days at all is a typo, not a package: the end is after the start
        if (v.startDate && v.endDate && v.endDate <= v.startDate) throw badRequest(SUBSCRIBE_MESSAGES.datesOrdered.zh, 'endDate');
        if (v.projectId) {
          const [p] = await db
            .select({ companyId: project.companyId })
            .from(project)
            .where(visible(project, scope, eq(project.id, v.projectId)));
          if (p?.companyId !== v.companyId) throw badRequest(SUBSCRIBE_MESSAGES.projectOfCompany.zh, 'projectId');
        } else if (await store.taken(scope, 'companyId', v.companyId, existing?.id as number | undefined, isNull(subscribePackage.projectId))) {
          throw badRequest(SUBSCRIBE_MESSAGES.companyTaken.zh, 'companyId');
        }
        if (Number(v.ruleType) === RULE_TYPE.custom && !v.content?.trim()) throw badRequest(SUBSCRIBE_MESSAGES.contentRequired.zh, 'content');
        if (Number(v.type) === PACKAGE_TYPE.unlimited) {
          for (const field of ['userNum', 'deviceNum'] as const) if (v[field] !== UNLIMITED) throw badRequest(SUBSCRIBE_MESSAGES.unlimitedCounts.zh, field);
        }
      },
      afterSubmit: announce.afterSubmit,
      afterRemove: announce.afterRemove,
    },
  };
}
