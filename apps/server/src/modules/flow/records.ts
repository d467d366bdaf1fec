import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { FLOW_DICT_CODE } from '@wb/contracts/flow';
import type { BladeFlow, FlowProcess } from '@wb/contracts/flow';
import type { Db } from '../../db/client';
import { dict, flowDefinition, flowInstance, flowTask, user } from '../../db/schema/index';
import { formatTime, idStr } from '../../platform/envelope';

/** The answers' schemas (the records of packages/contracts/src/flow.ts). */
const S = Type.String();
const N = Type.Number();
const PassOrNull = Type.Union([Type.Boolean(), Type.Null()]);

export const FlowProcessSchema = Type.Object({
  id: S,
  tenantId: S,
  key: S,
  name: S,
  description: S,
  category: S,
  categoryName: S,
  version: N,
  deploymentId: S,
  resourceName: S,
  suspensionState: N,
  deploymentTime: S,
});

export const BladeFlowSchema = Type.Object({
  taskId: S,
  taskName: S,
  taskDefinitionKey: S,
  assignee: S,
  assigneeName: S,
  candidateNames: S,
  category: S,
  categoryName: S,
  createTime: S,
  claimTime: S,
  endTime: S,
  processDefinitionId: S,
  processDefinitionKey: S,
  processDefinitionName: S,
  processDefinitionVersion: N,
  processInstanceId: S,
  processIsFinished: S,
  businessTable: S,
  businessId: S,
  startUser: S,
  pass: PassOrNull,
  comment: S,
  routeValue: S,
});

export const FlowHistorySchema = Type.Object({
  historyActivityId: S,
  historyActivityName: S,
  historyActivityType: S,
  assignee: S,
  assigneeName: S,
  createTime: S,
  endTime: S,
  historyActivityDurationTime: S,
  comment: S,
  pass: PassOrNull,
});

export interface Category {
  name: string;
  route: string;
}

/** The `flow` dictionary: category `flow_<dictKey>` → its name and its pages' route (the entry's remark). */
export async function categories(db: Db): Promise<Map<string, Category>> {
  const rows = await db
    .select({ dictKey: dict.dictKey, dictValue: dict.dictValue, remark: dict.remark })
    .from(dict)
    .where(and(eq(dict.code, FLOW_DICT_CODE), ne(dict.parentId, 0), eq(dict.isDeleted, 0)));
  return new Map(rows.map((r) => [`${FLOW_DICT_CODE}_${r.dictKey}`, { name: r.dictValue, route: r.remark }]));
}

/**
 * Display names of users (their real names), by id, among the users of `tenantId`: the tenant of
 * the instances named, so an id a definition wrote of another tenant's user reads as nothing
 * (ids are sequential, names could otherwise be read one by one).
 */
export async function userNames(db: Db, tenantId: string, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: user.id, realName: user.realName, name: user.name })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), inArray(user.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.realName || r.name]));
}

export function processRecord(d: typeof flowDefinition.$inferSelect, cats: Map<string, Category>, deployTime?: Date): FlowProcess {
  return {
    id: idStr(d.id),
    tenantId: d.tenantId,
    key: d.processKey,
    name: d.name,
    description: d.description,
    category: d.category,
    categoryName: cats.get(d.category)?.name ?? d.category,
    version: d.version,
    deploymentId: idStr(d.deploymentId),
    resourceName: d.resourceName,
    suspensionState: d.suspensionState,
    deploymentTime: formatTime(deployTime ?? d.createTime),
  };
}

export interface TaskJoin {
  t: typeof flowTask.$inferSelect | null;
  i: typeof flowInstance.$inferSelect;
  d: typeof flowDefinition.$inferSelect;
}

/** Work-list records of one tenant: a task (with its instance and definition), or an instance without one (已发). */
export async function bladeFlows(db: Db, tenantId: string, rows: TaskJoin[], openTaskNames = new Map<number, string>()): Promise<BladeFlow[]> {
  const cats = await categories(db);
  const names = await userNames(db, tenantId, [...rows.flatMap((r) => [r.t?.assigneeId, r.i.startUserId]), ...rows.flatMap((r) => (r.t?.candidateUsers ?? []).map(Number))]);
  return rows.map(({ t, i, d }) => ({
    taskId: t ? idStr(t.id) : '',
    taskName: t?.name ?? openTaskNames.get(i.id) ?? '',
    taskDefinitionKey: t?.taskKey ?? '',
    assignee: idStr(t?.assigneeId),
    assigneeName: t?.assigneeId ? (names.get(t.assigneeId) ?? '') : '',
    candidateNames: [...(t?.candidateUsers ?? []).map((u) => names.get(Number(u)) ?? u), ...(t?.candidateGroups ?? [])].join(', '),
    category: d.category,
    categoryName: cats.get(d.category)?.name ?? d.category,
    createTime: formatTime(t?.createTime ?? i.startTime),
    claimTime: formatTime(t?.claimTime),
    endTime: formatTime(t ? t.endTime : i.endTime),
    processDefinitionId: idStr(d.id),
    processDefinitionKey: d.processKey,
    processDefinitionName: d.name,
    processDefinitionVersion: d.version,
    processInstanceId: idStr(i.id),
    processIsFinished: i.state === 'running' ? 'unfinished' : 'finished',
    businessTable: i.businessTable,
    businessId: i.businessId,
    startUser: names.get(i.startUserId) ?? '',
    pass: t?.pass ?? null,
    comment: t?.comment ?? '',
    routeValue: cats.get(d.category)?.route ?? '',
  }));
}

/** '1天2小时3分' (at least '0分'). */
export function duration(from: Date, to: Date | null): string {
  if (!to) return '';
  let minutes = Math.floor((to.getTime() - from.getTime()) / 60_000);
  const days = Math.floor(minutes / 1440);
  minutes -= days * 1440;
  const hours = Math.floor(minutes / 60);
  minutes -= hours * 60;
  return `${days ? `${days}天` : ''}${hours ? `${hours}小时` : ''}${minutes || (!days && !hours) ? `${minutes}分` : ''}`;
}

/**
 * A page of instances (newest first) with their definitions, and the names of the tasks each
 * one waits on now (已发事务, 流程跟踪).
 */
export async function instancePage(db: Db, where: SQL | undefined, current: number, size: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ i: flowInstance, d: flowDefinition })
      .from(flowInstance)
      .innerJoin(flowDefinition, eq(flowDefinition.id, flowInstance.definitionId))
      .where(where)
      .orderBy(desc(flowInstance.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ total: count() }).from(flowInstance).innerJoin(flowDefinition, eq(flowDefinition.id, flowInstance.definitionId)).where(where),
  ]);
  const open = rows.length
    ? await db
        .select({ instanceId: flowTask.instanceId, name: flowTask.name })
        .from(flowTask)
        .where(
          and(
            inArray(
              flowTask.instanceId,
              rows.map((r) => r.i.id),
            ),
            eq(flowTask.state, 'open'),
          ),
        )
    : [];
  const waitingAt = new Map<number, string>();
  for (const t of open) waitingAt.set(t.instanceId, [waitingAt.get(t.instanceId), t.name].filter(Boolean).join(', '));
  return { rows, total, waitingAt };
}
