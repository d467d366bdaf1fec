import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { FLOW_CODES, FLOW_MESSAGES, FLOW_PATHS } from '@wb/contracts/flow';
import type { FlowHistory } from '@wb/contracts/flow';
import { flowDefinition, flowHistory, flowInstance, flowTask } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, EmptyEnvelope, Envelope, formatTime, forbidden, idStr, notFound, ok, PageOf, pageOf } from '../../platform/envelope';
import { mayReadFlow } from '../../platform/flow/may-read';
import { IdText, PageQuery, requestValues } from '../../platform/input-types';
import { duration, FlowHistorySchema, instancePage, userNames } from './records';

const TAGS = ['流程'];

const FlowExecutionSchema = Type.Object({
  id: Type.String(),
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionVersion: Type.Number(),
  category: Type.String(),
  startUserId: Type.String(),
  startUser: Type.String(),
  startTime: Type.String(),
  currentTaskName: Type.String(),
  businessId: Type.String(),
  failure: Type.String(),
});

/** Activity types the steps table leaves out: the diagram shows them, a person did nothing there. */
const NOT_STEPS = new Set(['sequenceFlow', 'exclusiveGateway', 'parallelGateway', 'inclusiveGateway', 'eventBasedGateway']);

/**
 * 流程跟踪 (running instances, deleted with a reason) and the flow chart viewer's calls (shell
 * spec §7 'Flow viewer and leave'): a definition's diagram, or an instance's with what it went
 * through — for those who took part in it and for those who track flows.
 */
export function instanceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const engine = ctx.flow;
    /** The instance if the caller may read it: as one who took part, or as one who tracks flows. */
    const readableInstance = async (req: FastifyRequest, id: string) => {
      const me = caller(req);
      const [instance] = await db
        .select()
        .from(flowInstance)
        .where(and(eq(flowInstance.tenantId, me.tenantId), eq(flowInstance.id, Number(id))));
      if (!instance) throw notFound(FLOW_MESSAGES.instanceNotFound.zh);
      if (!(await mayReadFlow(ctx, me, instance))) throw forbidden('您未参与该流程');
      return instance;
    };

    /** What an instance went through, oldest first; its open tasks are `candidate` steps, a failure the last step. */
    const historyOf = async ({ id: instanceId, tenantId }: typeof flowInstance.$inferSelect): Promise<FlowHistory[]> => {
      const rows = await db
        .select({ h: flowHistory, t: flowTask })
        .from(flowHistory)
        .leftJoin(flowTask, and(eq(flowTask.instanceId, flowHistory.instanceId), eq(flowTask.executionId, flowHistory.executionId)))
        .where(eq(flowHistory.instanceId, instanceId))
        .orderBy(asc(flowHistory.startTime), asc(flowHistory.id));
      const names = await userNames(
        db,
        tenantId,
        rows.map((r) => r.t?.assigneeId),
      );
      return rows.map(({ h, t }) => ({
        historyActivityId: h.activityId,
        historyActivityName: h.activityName,
        historyActivityType: t?.state === 'open' ? 'candidate' : h.activityType,
        assignee: idStr(t?.assigneeId),
        assigneeName: t?.assigneeId ? (names.get(t.assigneeId) ?? '') : '',
        createTime: formatTime(h.startTime),
        endTime: formatTime(h.endTime),
        historyActivityDurationTime: duration(h.startTime, h.endTime),
        comment: t?.comment ?? '',
        pass: t?.pass ?? null,
      }));
    };

    const ViewQuery = Type.Object({ processInstanceId: Type.Optional(IdText()), processDefinitionId: Type.Optional(IdText()) });
    app.get(FLOW_PATHS.modelView, {
      schema: {
        tags: TAGS,
        summary: '流程图: 定义的 BPMN XML, 或实例的 XML 与其经过的节点 (flow)',
        querystring: ViewQuery,
        response: { 200: Envelope(Type.Object({ xml: Type.String(), flow: Type.Array(FlowHistorySchema) })) },
      },
      config: { signedIn: true, fieldMessages: { processInstanceId: { label: '流程实例' }, processDefinitionId: { label: '流程定义' } } },
      handler: async (req) => {
        const q = req.query as { processInstanceId?: string; processDefinitionId?: string };
        const me = caller(req);
        if (q.processInstanceId) {
          const instance = await readableInstance(req, q.processInstanceId);
          const [d] = await db.select({ xml: flowDefinition.xml }).from(flowDefinition).where(eq(flowDefinition.id, instance.definitionId));
          return ok({ xml: d?.xml ?? '', flow: await historyOf(instance) });
        }
        if (!q.processDefinitionId) throw badRequest('请指定 processInstanceId 或 processDefinitionId', 'processInstanceId');
        // a definition's diagram is no secret within its tenant: whoever may start it sees it first
        const [d] = await db
          .select({ xml: flowDefinition.xml })
          .from(flowDefinition)
          .where(and(eq(flowDefinition.tenantId, me.tenantId), eq(flowDefinition.id, Number(q.processDefinitionId))));
        if (!d) throw notFound(FLOW_MESSAGES.definitionNotFound.zh);
        return ok({ xml: d.xml, flow: [] });
      },
    });

    app.get(FLOW_PATHS.historyFlowList, {
      schema: {
        tags: TAGS,
        summary: '流程实例的办理步骤 (不含连线与网关)',
        querystring: Type.Object({ processInstanceId: IdText() }),
        response: { 200: Envelope(Type.Array(FlowHistorySchema)) },
      },
      config: { signedIn: true, fieldMessages: { processInstanceId: { label: '流程实例' } } },
      handler: async (req) => {
        const instance = await readableInstance(req, (req.query as { processInstanceId: string }).processInstanceId);
        return ok((await historyOf(instance)).filter((h) => !NOT_STEPS.has(h.historyActivityType)));
      },
    });

    app.get(FLOW_PATHS.followList, {
      schema: {
        tags: TAGS,
        summary: '流程跟踪: 运行中的流程实例, 与因超出执行限制而终止的实例 (failure 为原因)',
        querystring: Type.Object({ ...PageQuery, processDefinitionKey: Type.Optional(Type.String({ maxLength: 64 })), processInstanceId: Type.Optional(IdText()) }),
        response: { 200: Envelope(PageOf(FlowExecutionSchema)) },
      },
      config: { permission: FLOW_CODES.follow },
      handler: async (req) => {
        const me = caller(req);
        const q = req.query as { current: number; size: number; processDefinitionKey?: string; processInstanceId?: string };
        const where = and(
          eq(flowInstance.tenantId, me.tenantId),
          inArray(flowInstance.state, ['running', 'failed']),
          q.processDefinitionKey ? ilike(flowDefinition.processKey, `%${q.processDefinitionKey}%`) : undefined,
          q.processInstanceId ? eq(flowInstance.id, Number(q.processInstanceId)) : undefined,
        );
        const { rows, total, waitingAt } = await instancePage(db, where, q.current, q.size);
        const names = await userNames(
          db,
          me.tenantId,
          rows.map((r) => r.i.startUserId),
        );
        const records = rows.map(({ i, d }) => ({
          id: idStr(i.id),
          processInstanceId: idStr(i.id),
          processDefinitionId: idStr(d.id),
          processDefinitionKey: d.processKey,
          processDefinitionName: d.name,
          processDefinitionVersion: d.version,
          category: d.category,
          startUserId: idStr(i.startUserId),
          startUser: names.get(i.startUserId) ?? '',
          startTime: formatTime(i.startTime),
          currentTaskName: waitingAt.get(i.id) ?? '',
          businessId: i.businessId,
          failure: i.state === 'failed' ? i.deleteReason : '',
        }));
        return ok(pageOf(records, total, q.current, q.size));
      },
    });

    const DeleteBody = Type.Object({ processInstanceId: IdText(), deleteReason: Type.String({ maxLength: 500 }) });
    app.post(FLOW_PATHS.followDeleteInstance, {
      schema: {
        tags: TAGS,
        summary: '删除流程实例 (须填理由; 其待办一并取消)',
        body: Type.Optional(Type.Partial(DeleteBody)),
        querystring: Type.Partial(DeleteBody),
        response: { 200: EmptyEnvelope },
      },
      config: { permission: FLOW_CODES.followDelete, fieldMessages: { processInstanceId: { label: '流程实例' }, deleteReason: { label: '删除理由' } } },
      handler: async (req) => {
        const me = caller(req);
        const p = requestValues<{ processInstanceId?: string; deleteReason?: string }>(req);
        if (!p.processInstanceId) throw badRequest('请选择流程实例', 'processInstanceId');
        if (!p.deleteReason?.trim()) throw badRequest(FLOW_MESSAGES.deleteReason.zh, 'deleteReason');
        await db.transaction(async (tx) => {
          const [instance] = await tx
            .select()
            .from(flowInstance)
            .where(and(eq(flowInstance.tenantId, me.tenantId), eq(flowInstance.id, Number(p.processInstanceId))))
            .for('update');
          if (!instance) throw notFound(FLOW_MESSAGES.instanceNotFound.zh);
          // a failed one may be cleared from the list too
          if (instance.state !== 'running' && instance.state !== 'failed') throw conflict('流程实例已结束');
          await engine.remove(tx, instance, p.deleteReason!.trim());
        });
        return ok(true);
      },
    });
  };
}
