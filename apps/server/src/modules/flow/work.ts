import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, isNull, max, or, type SQL } from 'drizzle-orm';
import { FLOW_CODES, FLOW_MESSAGES, FLOW_PATHS, FLOW_STATE, FLOW_USER_LIMIT, FLOW_USER_SELECT_PATH } from '@wb/contracts/flow';
import { flowDefinition, flowInstance, flowTask, user } from '../../db/schema/index';
import { caller, type AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { candidateOf, ownRequest } from '../../platform/flow/engine';
import { badRequest, conflict, EmptyEnvelope, Envelope, forbidden, idStr, ok, PageOf, pageOf } from '../../platform/envelope';
import { IdText, PageQuery, requestValues } from '../../platform/input-types';
import { BladeFlowSchema, bladeFlows, categories, FlowProcessSchema, instancePage, processRecord, type TaskJoin } from './records';

const TAGS = ['我的事务'];
const ListQuery = Type.Object({
  ...PageQuery,
  category: Type.Optional(Type.String({ maxLength: 64 })),
  processDefinitionName: Type.Optional(Type.String({ maxLength: 128 })),
});
type ListParams = { current: number; size: number; category?: string; processDefinitionName?: string };

/**
 * 我的事务 (admin spec §7 'Flow' work calls): what a user may start, claim, do, has sent and has
 * done; claiming a task; completing it with an outcome, a comment and variables.
 */
export function workRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const engine = ctx.flow;
    const filters = (q: ListParams) => [
      q.category ? eq(flowDefinition.category, q.category) : undefined,
      q.processDefinitionName ? ilike(flowDefinition.name, `%${q.processDefinitionName}%`) : undefined,
    ];
    const groupsOf = (me: AuthUser) => engine.groupsOf(db, me.tenantId, me.roleIds, me.deptId);

    /** A page of tasks joined to their instance and definition. */
    const taskPage = async (tenantId: string, q: ListParams, where: SQL | undefined, order: SQL[]) => {
      const joined = (fields: Parameters<typeof db.select>[0]) =>
        db
          .select(fields)
          .from(flowTask)
          .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
          .innerJoin(flowDefinition, eq(flowDefinition.id, flowInstance.definitionId))
          .where(and(where, ...filters(q)));
      const [rows, [{ total }]] = await Promise.all([
        joined({ t: flowTask, i: flowInstance, d: flowDefinition })
          .orderBy(...order)
          .limit(q.size)
          .offset((q.current - 1) * q.size) as unknown as Promise<TaskJoin[]>,
        joined({ total: count() }) as unknown as Promise<{ total: number }[]>,
      ]);
      return ok(pageOf(await bladeFlows(db, tenantId, rows), total, q.current, q.size));
    };

    const list = (path: string, summary: string, code: string, where: (me: AuthUser) => Promise<SQL | undefined>, order: SQL[]) =>
      app.get(path, {
        schema: { tags: TAGS, summary, querystring: ListQuery, response: { 200: Envelope(PageOf(BladeFlowSchema)) } },
        config: { permission: code },
        handler: async (req) => {
          const me = caller(req);
          return taskPage(me.tenantId, req.query as ListParams, and(eq(flowTask.tenantId, me.tenantId), await where(me)), order);
        },
      });
    list(
      FLOW_PATHS.claimList,
      '待签事务: 我可签收的任务',
      FLOW_CODES.claim,
      async (me) => and(eq(flowTask.state, 'open'), isNull(flowTask.assigneeId), candidateOf(me.userId, await groupsOf(me))),
      [desc(flowTask.id)],
    );
    list(FLOW_PATHS.todoList, '待办事务: 指派给我的任务', FLOW_CODES.todo, async (me) => and(eq(flowTask.assigneeId, me.userId), eq(flowTask.state, 'open')), [desc(flowTask.id)]);
    list(FLOW_PATHS.doneList, '办结事务: 我办理过的任务', FLOW_CODES.done, async (me) => and(eq(flowTask.assigneeId, me.userId), eq(flowTask.state, 'completed')), [
      desc(flowTask.endTime),
      desc(flowTask.id),
    ]);

    app.get(FLOW_PATHS.sendList, {
      schema: { tags: TAGS, summary: '已发事务: 我发起的流程', querystring: ListQuery, response: { 200: Envelope(PageOf(BladeFlowSchema)) } },
      config: { permission: FLOW_CODES.send },
      handler: async (req) => {
        const me = caller(req);
        const q = req.query as ListParams;
        const where = and(eq(flowInstance.tenantId, me.tenantId), eq(flowInstance.startUserId, me.userId), ...filters(q));
        const { rows, total, waitingAt } = await instancePage(db, where, q.current, q.size);
        return ok(
          pageOf(
            await bladeFlows(
              db,
              me.tenantId,
              rows.map((r) => ({ ...r, t: null })),
              waitingAt,
            ),
            total,
            q.current,
            q.size,
          ),
        );
      },
    });

    app.get(FLOW_PATHS.startList, {
      schema: { tags: TAGS, summary: '发起事务: 可发起的流程 (各流程的最新激活版本)', querystring: ListQuery, response: { 200: Envelope(PageOf(FlowProcessSchema)) } },
      config: { permission: FLOW_CODES.start },
      handler: async (req) => {
        const me = caller(req);
        const q = req.query as ListParams;
        const latest = db
          .select({ key: flowDefinition.processKey, version: max(flowDefinition.version).as('latest_version') })
          .from(flowDefinition)
          .where(and(eq(flowDefinition.tenantId, me.tenantId), eq(flowDefinition.deleted, false)))
          .groupBy(flowDefinition.processKey)
          .as('latest');
        const where = and(eq(flowDefinition.tenantId, me.tenantId), eq(flowDefinition.suspensionState, FLOW_STATE.active), ...filters(q));
        const base = () =>
          db
            .select({ d: flowDefinition })
            .from(flowDefinition)
            .innerJoin(latest, and(eq(latest.key, flowDefinition.processKey), eq(latest.version, flowDefinition.version)))
            .where(where);
        const [rows, all, cats] = await Promise.all([
          base()
            .orderBy(flowDefinition.category, flowDefinition.processKey)
            .limit(q.size)
            .offset((q.current - 1) * q.size),
          base(),
          categories(db),
        ]);
        return ok(
          pageOf(
            rows.map((r) => processRecord(r.d, cats)),
            all.length,
            q.current,
            q.size,
          ),
        );
      },
    });

    // the people a flow form names (the leave's approver, a task's assignee in the modeller):
    // those who start affairs hold no user-management menu, so they get this directory of names
    app.get(FLOW_USER_SELECT_PATH, {
      schema: {
        tags: TAGS,
        summary: '可选的办理人: 本租户启用的用户 (账号、姓名)',
        querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), account: Type.String(), realName: Type.String() }))) },
      },
      config: { permission: [FLOW_CODES.start, FLOW_CODES.model] },
      handler: async (req) => {
        const me = caller(req);
        const name = (req.query as { name?: string }).name?.trim();
        const rows = await db
          .select({ id: user.id, account: user.account, realName: user.realName, name: user.name })
          .from(user)
          .where(
            and(eq(user.tenantId, me.tenantId), eq(user.isDeleted, 0), eq(user.status, 1), name ? or(ilike(user.account, `%${name}%`), ilike(user.realName, `%${name}%`)) : undefined),
          )
          .orderBy(user.realName, user.id)
          .limit(FLOW_USER_LIMIT);
        return ok(rows.map((r) => ({ id: idStr(r.id), account: r.account, realName: r.realName || r.name })));
      },
    });

    const TaskId = Type.Object({ taskId: IdText() });
    app.post(FLOW_PATHS.claimTask, {
      schema: { tags: TAGS, summary: '签收任务 (taskId)', querystring: Type.Partial(TaskId), body: Type.Optional(Type.Partial(TaskId)), response: { 200: EmptyEnvelope } },
      config: { permission: FLOW_CODES.claim, fieldMessages: { taskId: { label: '任务' } } },
      handler: async (req) => {
        const me = caller(req);
        const taskId = requestValues<{ taskId?: string }>(req).taskId;
        if (!taskId) throw badRequest('请选择任务', 'taskId');
        const groups = await groupsOf(me);
        await db.transaction(async (tx) => {
          const [task] = await tx
            .select()
            .from(flowTask)
            .where(eq(flowTask.id, Number(taskId)))
            .for('update');
          // another tenant's task is refused like one the caller may not claim
          if (!task || task.tenantId !== me.tenantId) throw forbidden(FLOW_MESSAGES.notCandidate.zh);
          if (task.state !== 'open') throw conflict(FLOW_MESSAGES.taskDone.zh);
          if (task.assigneeId) throw conflict(FLOW_MESSAGES.taskClaimed.zh);
          const candidate = task.candidateUsers.includes(String(me.userId)) || task.candidateGroups.some((g) => groups.includes(g));
          if (!candidate) throw forbidden(FLOW_MESSAGES.notCandidate.zh);
          const [instance] = await tx.select({ startUserId: flowInstance.startUserId }).from(flowInstance).where(eq(flowInstance.id, task.instanceId));
          if (ownRequest(task, instance.startUserId, me.userId)) throw forbidden(FLOW_MESSAGES.ownRequest.zh);
          await tx.update(flowTask).set({ assigneeId: me.userId, claimTime: new Date() }).where(eq(flowTask.id, task.id));
        });
        return ok(true);
      },
    });

    const CompleteBody = Type.Object({
      taskId: IdText(),
      processInstanceId: Type.Optional(IdText()),
      pass: Type.Optional(Type.Boolean()),
      comment: Type.Optional(Type.String({ maxLength: 1000 })),
      // process variables: plain values under names a gateway can read
      variables: Type.Optional(
        Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]), {
          maxProperties: 50,
        }),
      ),
    });
    app.post(FLOW_PATHS.completeTask, {
      schema: { tags: TAGS, summary: '办理任务: 结果 (pass)、意见 (comment) 与流程变量', body: CompleteBody, response: { 200: EmptyEnvelope } },
      config: { permission: FLOW_CODES.todo, fieldMessages: { taskId: { label: '任务' }, comment: { label: '审批意见' }, variables: { label: '流程变量' } } },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { taskId: string; processInstanceId?: string; pass?: boolean; comment?: string; variables?: Record<string, unknown> };
        const { failure } = await db.transaction(async (tx) => {
          // the instance is locked before the task, in the order a timer's step takes them
          const [peek] = await tx
            .select({ instanceId: flowTask.instanceId })
            .from(flowTask)
            .where(eq(flowTask.id, Number(b.taskId)));
          if (peek) await tx.select({ id: flowInstance.id }).from(flowInstance).where(eq(flowInstance.id, peek.instanceId)).for('update');
          const [task] = await tx
            .select()
            .from(flowTask)
            .where(eq(flowTask.id, Number(b.taskId)))
            .for('update');
          if (!task || task.tenantId !== me.tenantId) throw forbidden(FLOW_MESSAGES.notAssignee.zh);
          if (task.state !== 'open') throw conflict(FLOW_MESSAGES.taskDone.zh);
          if (task.assigneeId !== me.userId) throw forbidden(FLOW_MESSAGES.notAssignee.zh);
          if (b.processInstanceId && Number(b.processInstanceId) !== task.instanceId) throw badRequest('任务不属于该流程实例', 'processInstanceId');
          return engine.complete(tx, task, { pass: b.pass, comment: b.comment, variables: b.variables });
        });
        // the task is done, and the instance ended as failed after it (committed): the caller is told why
        if (failure) throw badRequest(failure);
        return ok(true);
      },
    });
  };
}
