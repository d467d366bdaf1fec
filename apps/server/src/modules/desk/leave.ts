import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { FLOW_CODES, FLOW_MESSAGES, FLOW_PATHS, FLOW_STATE, LEAVE_TYPES } from '@wb/contracts/flow';
import { flowDefinition, flowInstance, flowTask, processLeave, user } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, Envelope, formatTime, forbidden, idStr, notFound, ok } from '../../platform/envelope';
import { mayReadFlow } from '../../platform/flow/may-read';
import { DateText, IdText } from '../../platform/input-types';

const LEAVE_TABLE = 'process_leave';
const DAY_MS = 86_400_000;

const LeaveDetailSchema = Type.Object({
  id: Type.String(),
  processDefinitionId: Type.String(),
  processInstanceId: Type.String(),
  leaveType: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  reason: Type.String(),
  taskUser: Type.String(),
  taskUserName: Type.String(),
  applyTime: Type.String(),
  days: Type.Number(),
  createUser: Type.String(),
  createUserName: Type.String(),
  processIsFinished: Type.String(),
  approved: Type.Union([Type.Boolean(), Type.Null()]),
});

/** Days of leave the gateways read (`days > 3`): started half days count as half. */
const leaveDays = (start: Date, end: Date) => Math.max(0.5, Math.ceil(((end.getTime() - start.getTime()) / DAY_MS) * 2) / 2);

/**
 * The leave process (admin spec §7 'Leave'): a request is a process_leave row and an instance of
 * the chosen definition, started together; its detail is for the applicant, those who take part
 * in its approval, and those who track flows.
 */
export function leaveRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const engine = ctx.flow;
    const m = FLOW_MESSAGES;

    const StartBody = Type.Object({
      processDefinitionId: Type.Optional(IdText()),
      leaveType: Type.Optional(Type.String({ maxLength: 8 })),
      startTime: Type.Optional(DateText()),
      endTime: Type.Optional(DateText()),
      reason: Type.Optional(Type.String({ maxLength: 500 })),
      taskUser: Type.Optional(IdText()),
    });
    app.post(FLOW_PATHS.leaveStart, {
      schema: {
        tags: ['请假流程'],
        summary: '发起请假 (审批人 taskUser 签收审批)',
        body: StartBody,
        response: { 200: Envelope(Type.Object({ businessId: Type.String(), processInstanceId: Type.String() })) },
      },
      config: {
        permission: FLOW_CODES.start,
        fieldMessages: {
          processDefinitionId: { label: '流程定义' },
          leaveType: { label: '请假类型' },
          startTime: { label: '开始时间' },
          endTime: { label: '结束时间' },
          reason: { label: '请假理由' },
          taskUser: { label: '审批人' },
        },
      },
      handler: async (req) => {
        const me = caller(req);
        const b = req.body as { processDefinitionId?: string; leaveType?: string; startTime?: string; endTime?: string; reason?: string; taskUser?: string };
        if (!b.processDefinitionId) throw badRequest(m.definitionNotFound.zh, 'processDefinitionId');
        if (!b.leaveType || !LEAVE_TYPES.some((t) => t.value === b.leaveType)) throw badRequest(m.leaveType.zh, 'leaveType');
        if (!b.startTime) throw badRequest(m.startTime.zh, 'startTime');
        if (!b.endTime) throw badRequest(m.endTime.zh, 'endTime');
        if (!b.taskUser) throw badRequest(m.taskUser.zh, 'taskUser');
        if (!b.reason?.trim()) throw badRequest(m.reason.zh, 'reason');
        const start = new Date(b.startTime);
        const end = new Date(b.endTime);
        if (end < start) throw badRequest(m.endBeforeStart.zh, 'endTime');
        const [approver] = await db
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, me.tenantId), eq(user.id, Number(b.taskUser)), eq(user.isDeleted, 0)));
        if (!approver) throw badRequest(m.taskUser.zh, 'taskUser');
        if (approver.id === me.userId) throw badRequest(m.selfApprover.zh, 'taskUser');
        const [definition] = await db
          .select()
          .from(flowDefinition)
          .where(and(eq(flowDefinition.tenantId, me.tenantId), eq(flowDefinition.id, Number(b.processDefinitionId)), eq(flowDefinition.deleted, false)));
        if (!definition) throw badRequest(m.definitionNotFound.zh, 'processDefinitionId');
        if (definition.suspensionState !== FLOW_STATE.active) throw conflict(m.definitionSuspended.zh);

        const { answer, failure } = await db.transaction(async (tx) => {
          const [leave] = await tx
            .insert(processLeave)
            .values({
              tenantId: me.tenantId,
              processDefinitionId: definition.id,
              leaveType: b.leaveType!,
              startTime: start,
              endTime: end,
              reason: b.reason!.trim(),
              taskUser: approver.id,
              createUser: me.userId,
              updateUser: me.userId,
            })
            .returning({ id: processLeave.id });
          const { instance, failure } = await engine.start(tx, {
            tenantId: me.tenantId,
            definitionId: definition.id,
            xml: definition.xml,
            userId: me.userId,
            businessTable: LEAVE_TABLE,
            businessId: idStr(leave.id),
            // what the gateways decide on is the server's: the days counted from the dates, the approver checked above
            variables: { taskUser: idStr(approver.id), days: leaveDays(start, end), leaveType: b.leaveType },
          });
          await tx.update(processLeave).set({ processInstanceId: instance.id }).where(eq(processLeave.id, leave.id));
          return { answer: { businessId: idStr(leave.id), processInstanceId: idStr(instance.id) }, failure };
        });
        // the request is kept with its instance, which ended as failed (committed): the applicant is told why
        if (failure) throw badRequest(failure);
        return ok(answer);
      },
    });

    app.get(FLOW_PATHS.leaveDetail, {
      schema: {
        tags: ['请假流程'],
        summary: '请假详情 (申请人、审批参与人与流程跟踪者可读)',
        querystring: Type.Object({ businessId: IdText() }),
        response: { 200: Envelope(LeaveDetailSchema) },
      },
      config: { signedIn: true, fieldMessages: { businessId: { label: '请假单' } } },
      handler: async (req) => {
        const me = caller(req);
        const [leave] = await db
          .select()
          .from(processLeave)
          .where(and(eq(processLeave.tenantId, me.tenantId), eq(processLeave.id, Number((req.query as { businessId: string }).businessId)), eq(processLeave.isDeleted, 0)));
        if (!leave) throw notFound('请假单不存在');
        const [instance] = leave.processInstanceId ? await db.select().from(flowInstance).where(eq(flowInstance.id, leave.processInstanceId)) : [];
        if (leave.createUser !== me.userId && !(await mayReadFlow(ctx, me, instance))) throw forbidden('您未参与该请假流程');
        const people = await db
          .select({ id: user.id, realName: user.realName, name: user.name })
          .from(user)
          .where(and(eq(user.tenantId, me.tenantId), inArray(user.id, [leave.taskUser, leave.createUser ?? leave.taskUser])));
        const nameOf = (id: number | null) => {
          const p = people.find((u) => u.id === id);
          return p ? p.realName || p.name : '';
        };
        // the outcome is the last decision taken by someone other than the applicant (a task the
        // definition gives the applicant, such as 调整申请, decides nothing): approved, rejected, or deleted
        let approved: boolean | null = null;
        if (instance && instance.state !== 'running') {
          const [last] = await db
            .select({ pass: flowTask.pass })
            .from(flowTask)
            .where(and(eq(flowTask.instanceId, instance.id), eq(flowTask.state, 'completed'), eq(flowTask.starterMayAct, false)))
            .orderBy(desc(flowTask.endTime), desc(flowTask.id))
            .limit(1);
          approved = instance.state === 'completed' ? (last?.pass ?? null) : false;
        }
        return ok({
          id: idStr(leave.id),
          processDefinitionId: idStr(leave.processDefinitionId),
          processInstanceId: idStr(leave.processInstanceId),
          leaveType: leave.leaveType,
          startTime: formatTime(leave.startTime),
          endTime: formatTime(leave.endTime),
          reason: leave.reason,
          taskUser: idStr(leave.taskUser),
          taskUserName: nameOf(leave.taskUser),
          applyTime: formatTime(leave.applyTime),
          days: leaveDays(leave.startTime, leave.endTime),
          createUser: idStr(leave.createUser),
          createUserName: nameOf(leave.createUser),
          processIsFinished: !instance || instance.state === 'running' ? 'unfinished' : 'finished',
          approved,
        });
      },
    });
  };
}
