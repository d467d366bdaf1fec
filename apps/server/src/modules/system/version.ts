import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { versionGuideStep, versionLoginRecord, versionManage } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, EmptyEnvelope, Envelope, formatTime, idStr, notFound, ok } from '../../platform/envelope';
import { IdText, requestValues } from '../../platform/input-types';

/** Versions are drafts until published; then each user is shown the latest one's guide once. */
export function versionOptions(ctx: AppContext): ResourceOptions {
  const { db } = ctx.database;
  return {
    actions: {
      async publish({ scope, keys, store }) {
        await db
          .update(versionManage)
          .set({ publishStatus: 1, updateTime: new Date() })
          .where(store.where(scope, inArray(versionManage.id, keys as number[])));
      },
    },
  };
}

const GuideStep = Type.Object({ content: Type.String(), pageTag: Type.String(), stepImg: Type.String(), serverName: Type.String(), menuTag: Type.String(), sort: Type.Integer() });
/** The login guide record (shell spec §3): the version and the steps of its guide. */
const LoginGuide = Type.Object({
  versionId: Type.String(),
  versionNo: Type.String(),
  title: Type.String(),
  guideType: Type.String({ description: "'all' 更新说明轮播, 'step' 分步引导" }),
  pushTime: Type.String(),
  content: Type.String(),
  showContent: Type.Boolean(),
  guideStepList: Type.Array(GuideStep),
});

const live = and(eq(versionManage.isDeleted, 0), eq(versionManage.publishStatus, 1));

/** The release guide of shell spec §4 'Guide': the version a user has not been shown yet, and the record that they have been. */
export function versionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const guideOf = async (v: typeof versionManage.$inferSelect) => {
      const steps = await db
        .select()
        .from(versionGuideStep)
        .where(and(eq(versionGuideStep.versionId, v.id), eq(versionGuideStep.isDeleted, 0)))
        .orderBy(asc(versionGuideStep.sort), asc(versionGuideStep.id));
      return {
        versionId: idStr(v.id),
        versionNo: v.versionNo,
        title: v.title,
        guideType: v.guideType,
        pushTime: formatTime(v.pushTime).slice(0, 10),
        content: v.content,
        showContent: v.showContent === 1,
        guideStepList: steps.map((s) => ({ content: s.content, pageTag: s.pageTag, stepImg: s.stepImg, serverName: s.serverName, menuTag: s.menuTag, sort: s.sort })),
      };
    };

    app.post('/us-system/version-manage/loginRecord', {
      schema: { tags: ['版本'], summary: '版本引导: 我还没看过的最新版本 (无则为 null)', response: { 200: Envelope(Type.Union([LoginGuide, Type.Null()])) } },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        // the latest published version, unless this user has been shown it
        const [latest] = await db
          .select({ v: versionManage, seen: versionLoginRecord.versionId })
          .from(versionManage)
          .leftJoin(versionLoginRecord, and(eq(versionLoginRecord.versionId, versionManage.id), eq(versionLoginRecord.userId, me.userId)))
          .where(live)
          .orderBy(desc(versionManage.pushTime), desc(versionManage.id))
          .limit(1);
        return ok(latest && latest.seen === null ? await guideOf(latest.v) : null);
      },
    });

    app.get('/us-system/version-manage/getVersionById', {
      schema: { tags: ['版本'], summary: '版本引导: 一个已发布的版本', querystring: Type.Object({ versionId: IdText() }), response: { 200: Envelope(LoginGuide) } },
      config: { signedIn: true, fieldMessages: { versionId: { label: '版本' } } },
      handler: async (req) => {
        const [v] = await db
          .select()
          .from(versionManage)
          .where(and(live, eq(versionManage.id, Number((req.query as { versionId: string }).versionId))));
        if (!v) throw notFound('版本不存在');
        return ok(await guideOf(v));
      },
    });

    const Saved = Type.Object({ versionId: Type.Optional(IdText()) });
    app.post('/us-system/version-manage/saveLoginRecord', {
      schema: { tags: ['版本'], summary: '版本引导: 看过了 (不再显示)', body: Type.Optional(Saved), querystring: Saved, response: { 200: EmptyEnvelope } },
      config: { signedIn: true, fieldMessages: { versionId: { label: '版本' } } },
      handler: async (req: FastifyRequest) => {
        const me = caller(req);
        const given = requestValues<{ versionId?: string }>(req).versionId;
        if (!given) throw badRequest('缺少必填参数 versionId', 'versionId');
        const [v] = await db
          .select({ id: versionManage.id })
          .from(versionManage)
          .where(and(live, eq(versionManage.id, Number(given))));
        if (!v) throw notFound('版本不存在');
        await db.insert(versionLoginRecord).values({ userId: me.userId, versionId: v.id, tenantId: me.tenantId }).onConflictDoNothing();
        return ok(true);
      },
    });
  };
}
