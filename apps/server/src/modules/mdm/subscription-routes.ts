import { Type } from '@sinclair/typebox';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_REMINDER, SUBSCRIBE_PATHS } from '@wb/contracts/resources/subscription';
import { company, project, subscribeNotifyDismiss, topMenu } from '../../db/schema/index';
import { projectsOfRoles } from '../../platform/access';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok } from '../../platform/envelope';
import { IdOrAll, IdText, requestValues } from '../../platform/input-types';
import { scopeOf, visible, type Scope } from '../../platform/scope';
import { daysLeft, hasEnded, packageFor, type PackageRow } from '../../platform/subscription';

const TAGS = ['订阅套餐'];
const Target = {
  companyId: Type.Optional(IdText({ description: '公司 (项目为"全部"时)' })),
  projectId: Type.Optional(IdOrAll({ description: '项目; 负数为项目选择器的"全部", 即公司的套餐' })),
};
const fieldMessages = { companyId: { label: '公司' }, projectId: { label: '项目' } };

/** shell spec §3 'Subscription package detail', with the names of the company, the project and the systems. */
const PackageSchema = Type.Object({
  id: Type.String(),
  packageName: Type.String(),
  type: Type.Integer({ description: '1 按人员, 2 按设备, 3 不限' }),
  level: Type.String(),
  accountNum: Type.Integer({ description: '-1 不限' }),
  userNum: Type.Integer({ description: '-1 不限' }),
  deviceNum: Type.Integer({ description: '-1 不限' }),
  systemAccess: Type.String({ description: '开通的系统 (顶部菜单) 名称, 以"、"分隔; 空为全部' }),
  startDate: Type.String(),
  endDate: Type.String(),
  ruleType: Type.Integer({ description: '2 显示 content, 其他显示默认提醒' }),
  content: Type.String({ description: "提醒内容; '-1' 不提醒" }),
  companyId: Type.String(),
  companyName: Type.String(),
  projectId: Type.String({ description: '公司的套餐为空' }),
  projectName: Type.String(),
  expired: Type.Boolean(),
});

const ReminderSchema = Type.Object({
  packageId: Type.String(),
  packageName: Type.String(),
  endDate: Type.String(),
  daysLeft: Type.Integer({ description: '距结束日期的天数, 到期后为负' }),
  expired: Type.Boolean(),
  ruleType: Type.Integer(),
  content: Type.String(),
  dismissed: Type.Boolean({ description: '当前用户在此项目关闭或查看过提醒' }),
  dismissTime: Type.String({ description: '最近一次关闭的时间, 从未关闭为空' }),
});

/** The picked node of the project picker: a project (and its company), or a company's 'all' entry (project 0). */
interface Target {
  companyId: number;
  projectId: number;
}

const day = (d: Date) => formatTime(d).slice(0, 10);

/**
 * The shell's subscription calls (shell spec §7 'Shell data', §4 'Expiry reminder'): the package in
 * effect for the picked project, the reminder due for the caller there, and its dismissal (a path
 * of ours: the spec does not show it). A project account asks about its own projects only.
 */
export function subscriptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;

    const targetOf = async (req: FastifyRequest): Promise<Target | undefined> => {
      const q = requestValues<{ companyId?: string; projectId?: string }>(req);
      const scope = scopeOf(req);
      const mine = await projectsOfRoles(db, caller(req).roleIds);
      const projectId = q.projectId && !q.projectId.startsWith('-') ? Number(q.projectId) : 0;
      if (projectId) {
        const [p] = await db
          .select({ id: project.id, companyId: project.companyId })
          .from(project)
          .where(visible(project, scope, eq(project.id, projectId)));
        if (!p || (mine && !mine.has(p.id))) throw notFound('项目不存在');
        return { companyId: p.companyId, projectId: p.id };
      }
      if (!q.companyId) return undefined;
      const companyId = Number(q.companyId);
      const projects = await db
        .select({ id: project.id })
        .from(project)
        .where(visible(project, scope, eq(project.companyId, companyId)));
      const [c] = await db
        .select({ id: company.id })
        .from(company)
        .where(visible(company, scope, eq(company.id, companyId)));
      if (!c || (mine && !projects.some((p) => mine.has(p.id)))) throw notFound('公司不存在');
      return { companyId, projectId: 0 };
    };

    const inEffect = async (req: FastifyRequest) => {
      const target = await targetOf(req);
      const pkg = target && (await packageFor(db, caller(req).tenantId, target.companyId, target.projectId));
      return target && pkg ? { target, pkg } : undefined;
    };

    const namesOf = async (scope: Scope, pkg: PackageRow) => {
      const [names] = await db
        .select({ company: company.name, project: project.name })
        .from(company)
        .leftJoin(project, and(eq(project.id, pkg.projectId ?? 0), eq(project.isDeleted, 0)))
        .where(visible(company, scope, eq(company.id, pkg.companyId)));
      const systemIds = pkg.systemAccess.split(',').filter(Boolean).map(Number);
      const systems = systemIds.length
        ? await db
            .select({ name: topMenu.name })
            .from(topMenu)
            .where(visible(topMenu, scope, inArray(topMenu.id, systemIds)))
            .orderBy(asc(topMenu.sort), asc(topMenu.id))
        : [];
      return { companyName: names?.company ?? '', projectName: names?.project ?? '', systemAccess: systems.map((s) => s.name).join('、') };
    };

    app.get(SUBSCRIBE_PATHS.packageList, {
      schema: {
        tags: TAGS,
        summary: '当前项目生效的订阅套餐 (项目自己的, 否则其公司的; 无则为空)',
        querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 64, description: '账号 (家族客户端会传; 以令牌的用户为准)' })), ...Target }),
        response: { 200: Envelope(Type.Array(PackageSchema)) },
      },
      config: { signedIn: true, fieldMessages },
      handler: async (req) => {
        const found = await inEffect(req);
        if (!found) return ok([]);
        const { pkg } = found;
        return ok([
          {
            id: idStr(pkg.id),
            packageName: pkg.packageName,
            type: pkg.type,
            level: pkg.level,
            accountNum: pkg.accountNum,
            userNum: pkg.userNum,
            deviceNum: pkg.deviceNum,
            startDate: day(pkg.startDate),
            endDate: day(pkg.endDate),
            ruleType: pkg.ruleType,
            content: pkg.content,
            companyId: idStr(pkg.companyId),
            projectId: idStr(pkg.projectId),
            expired: hasEnded(pkg),
            ...(await namesOf(scopeOf(req), pkg)),
          },
        ]);
      },
    });

    app.get(SUBSCRIBE_PATHS.notifyList, {
      schema: {
        tags: TAGS,
        summary: '当前用户在当前项目待看的到期提醒 (提醒期内或已到期; 含是否关闭过及时间)',
        querystring: Type.Object(Target),
        response: { 200: Envelope(Type.Array(ReminderSchema)) },
      },
      config: { signedIn: true, fieldMessages },
      handler: async (req) => {
        const found = await inEffect(req);
        if (!found || found.pkg.content === NO_REMINDER) return ok([]);
        const { pkg, target } = found;
        const left = daysLeft(pkg.endDate);
        if (left > pkg.remindDays) return ok([]);
        const [dismissal] = await db
          .select({ at: subscribeNotifyDismiss.dismissTime })
          .from(subscribeNotifyDismiss)
          .where(
            visible(
              subscribeNotifyDismiss,
              scopeOf(req),
              eq(subscribeNotifyDismiss.userId, caller(req).userId),
              eq(subscribeNotifyDismiss.companyId, target.companyId),
              eq(subscribeNotifyDismiss.projectId, target.projectId),
            ),
          );
        return ok([
          {
            packageId: idStr(pkg.id),
            packageName: pkg.packageName,
            endDate: day(pkg.endDate),
            daysLeft: left,
            expired: left < 0,
            ruleType: pkg.ruleType,
            content: pkg.content,
            dismissed: !!dismissal,
            dismissTime: formatTime(dismissal?.at),
          },
        ]);
      },
    });

    const Dismissal = Type.Object(Target);
    app.post(SUBSCRIBE_PATHS.dismiss, {
      schema: {
        tags: TAGS,
        summary: '关闭到期提醒或查看详情: 记下当前用户在此项目关闭的时间 (之后每天至多再提醒一次)',
        body: Type.Optional(Dismissal),
        querystring: Dismissal,
        response: { 200: EmptyEnvelope },
      },
      config: { signedIn: true, fieldMessages },
      handler: async (req) => {
        const target = await targetOf(req);
        if (!target) throw badRequest('缺少必填参数 projectId', 'projectId');
        const me = caller(req);
        const dismissTime = new Date();
        await db
          .insert(subscribeNotifyDismiss)
          .values({ userId: me.userId, tenantId: me.tenantId, ...target, dismissTime })
          .onConflictDoUpdate({ target: [subscribeNotifyDismiss.userId, subscribeNotifyDismiss.companyId, subscribeNotifyDismiss.projectId], set: { dismissTime } });
        return ok(true);
      },
    });
  };
}
