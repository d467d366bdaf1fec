import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { FLOW_MESSAGES, FLOW_NOTICE_MODEL } from '@wb/contracts/flow';
import type { Db } from '../../db/client';
import { flowHistory, flowInstance, flowTask, messageNotify, role, user } from '../../db/schema/index';
import type { Changes } from '../changes';
import { badRequest } from '../envelope';
import { signalNotice } from '../notices';
import { camundaModdle } from './bpmn';
import { engineExpressions, evaluate } from './expressions';

type InstanceRow = typeof flowInstance.$inferSelect;
export type TaskRow = typeof flowTask.$inferSelect;
type Variables = Record<string, unknown>;

/** What a service task gets: the step's own transaction, so what it writes commits with the step. */
export interface ServiceCall {
  tx: Db;
  tenantId: string;
  instanceId: number;
  variables: Variables;
}
export type FlowService = (call: ServiceCall) => Promise<unknown>;

/** Where a reminder about a task takes its user: the lists of 我的事务. */
const TASK_PAGES = { todo: '/work-affairs/todo', claim: '/work-affairs/claim' };

/** Engine steps are short; one that keeps executing this long (a service that never answers) is failed. */
const STEP_TIMEOUT_MS = 30_000;

interface Activity {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  content?: { expireAt?: string | Date };
  owner?: { behaviour?: Record<string, unknown> };
  getPostponed?: () => Activity[];
}

/** A task names the user among its candidates, or one of their groups. */
export const candidateOf = (userId: number, groups: string[]): SQL =>
  or(sql`${flowTask.candidateUsers} @> ARRAY[${String(userId)}]::text[]`, groups.length ? sql`${flowTask.candidateGroups} && ${sql.param(groups)}::text[]` : undefined)!;

/** The engine refuses every script: deployed files decide, they never run code (platform/flow/bpmn.ts refuses script tasks too). */
const noScripts = { register: () => undefined, getScript: () => undefined } as unknown as BpmnEngineOptions['scripts'];

const bareType = (type: string) => type.replace(/^bpmn:/, '').replace(/^./, (c) => c.toLowerCase());
const list = (v: unknown): string[] => (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean);

/**
 * The BPMN engine (bpmn-engine) with its state in PostgreSQL. Nothing runs in memory between
 * steps: each step — a start, a completed task, a due timer — locks its instance row, recovers
 * the engine from the state saved there, lets it run until every path waits (a user task, a
 * timer) or ends, and saves the new state, the open tasks and the history in the same
 * transaction. A restart, or another server on the same database, continues where it stopped;
 * a step that fails leaves everything as it was.
 */
export class FlowEngine {
  private readonly services = new Map<string, FlowService>();
  private poller?: NodeJS.Timeout;
  private polling = false;

  constructor(private readonly deps: { db: Db; changes: Changes; pollMs: number; onError: (err: unknown, msg: string) => void }) {
    this.services.set('remind', async ({ tx, tenantId, instanceId }) => {
      const open = await tx
        .select()
        .from(flowTask)
        .where(and(eq(flowTask.instanceId, instanceId), eq(flowTask.state, 'open')));
      await this.notify(tx, tenantId, open, FLOW_MESSAGES.taskOverdue.zh);
      return open.length;
    });
  }

  /** A service tasks may call as `${environment.services.<name>}`. */
  registerService(name: string, fn: FlowService): void {
    this.services.set(name, fn);
  }

  serviceNames(): string[] {
    return [...this.services.keys()];
  }

  /** Looks for due timers every `pollMs`; instances skip what another instance has locked. */
  begin(): void {
    this.poller = setInterval(() => void this.fireDueTimers(), this.deps.pollMs);
    this.poller.unref();
  }

  stop(): void {
    clearInterval(this.poller);
  }

  /** Starts an instance in `tx` (the caller's, so that its business row commits with it). */
  async start(
    tx: Db,
    p: { tenantId: string; definitionId: number; xml: string; userId: number; businessTable?: string; businessId?: string; variables?: Variables },
  ): Promise<{ instance: InstanceRow; tasks: TaskRow[] }> {
    const variables = { ...p.variables, applyUser: String(p.userId) };
    const [instance] = await tx
      .insert(flowInstance)
      .values({ tenantId: p.tenantId, definitionId: p.definitionId, startUserId: p.userId, businessTable: p.businessTable ?? '', businessId: p.businessId ?? '', variables })
      .returning();
    const tasks = await this.step(tx, instance, p.xml, variables, () => undefined);
    return { instance, tasks };
  }

  /**
   * Completes an open task in `tx` (task and instance rows locked by the caller's checks): its
   * outcome and variables become process variables, then the process goes on.
   */
  async complete(tx: Db, task: TaskRow, p: { pass?: boolean; comment?: string; variables?: Variables }): Promise<TaskRow[]> {
    const [instance] = await tx.select().from(flowInstance).where(eq(flowInstance.id, task.instanceId)).for('update');
    await tx
      .update(flowTask)
      .set({ state: 'completed', pass: p.pass ?? null, comment: p.comment ?? '', endTime: new Date() })
      .where(eq(flowTask.id, task.id));
    const variables = { ...instance.variables, ...p.variables, ...(p.pass === undefined ? {} : { pass: p.pass }) };
    return this.step(tx, instance, null, variables, (execution) => execution.signal({ id: task.taskKey, executionId: task.executionId }));
  }

  /** Ends an instance without going on: its open tasks are cancelled, its timers forgotten. */
  async remove(tx: Db, instance: InstanceRow, reason: string): Promise<void> {
    const now = new Date();
    await tx.update(flowInstance).set({ state: 'deleted', deleteReason: reason, endTime: now, engineState: null, dueAt: null }).where(eq(flowInstance.id, instance.id));
    await tx
      .update(flowTask)
      .set({ state: 'cancelled', endTime: now })
      .where(and(eq(flowTask.instanceId, instance.id), eq(flowTask.state, 'open')));
  }

  /** Runs the steps of the instances whose timers are due, one instance per transaction. */
  async fireDueTimers(): Promise<number> {
    if (this.polling) return 0;
    this.polling = true;
    let fired = 0;
    try {
      for (;;) {
        const id = await this.deps.db.transaction(async (tx) => {
          const [due] = await tx
            .select()
            .from(flowInstance)
            .where(and(eq(flowInstance.state, 'running'), lte(flowInstance.dueAt, new Date())))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!due) return null;
          try {
            await tx.transaction(async (inner) => {
              await this.step(inner as unknown as Db, due, null, due.variables, () => undefined);
            });
          } catch (err) {
            // a timer whose step fails is tried again in a minute, not at every poll
            this.deps.onError(err, `flow timer of instance ${due.id} failed`);
            await tx
              .update(flowInstance)
              .set({ dueAt: new Date(Date.now() + 60_000) })
              .where(eq(flowInstance.id, due.id));
          }
          return due.id;
        });
        if (id === null) break;
        fired++;
      }
    } catch (err) {
      this.deps.onError(err, 'flow timers could not be read');
    } finally {
      this.polling = false;
    }
    return fired;
  }

  /** A user's candidate groups: the aliases of their roles, and `dept:<id>` for each department. */
  async groupsOf(db: Db, tenantId: string, roleIds: number[], deptIds: string): Promise<string[]> {
    const aliases = roleIds.length
      ? await db
          .select({ alias: role.roleAlias })
          .from(role)
          .where(and(eq(role.tenantId, tenantId), inArray(role.id, roleIds)))
      : [];
    return [...aliases.map((r) => r.alias), ...list(deptIds).map((d) => `dept:${d}`)];
  }

  /** Whether a user took part in an instance: started it, or holds or may claim one of its tasks (then they may read it). */
  async involves(db: Db, who: { tenantId: string; userId: number; roleIds: number[]; deptId: string }, instance: InstanceRow): Promise<boolean> {
    if (instance.tenantId !== who.tenantId) return false;
    if (instance.startUserId === who.userId) return true;
    const groups = await this.groupsOf(db, who.tenantId, who.roleIds, who.deptId);
    const [hit] = await db
      .select({ id: flowTask.id })
      .from(flowTask)
      .where(and(eq(flowTask.instanceId, instance.id), or(eq(flowTask.assigneeId, who.userId), candidateOf(who.userId, groups))))
      .limit(1);
    return !!hit;
  }

  /**
   * One step of an instance: recover (or start from `xml`), `act`, run until the engine waits,
   * then write its state, tasks and history. Answers the tasks the step opened.
   */
  private async step(tx: Db, instance: InstanceRow, xml: string | null, variables: Variables, act: (execution: { signal: (m: object) => void }) => void): Promise<TaskRow[]> {
    const listener = new EventEmitter();
    const started = new Map<string, { activityId: string; name: string; type: string; at: Date }>();
    const ended = new Map<string, Date>();
    const discarded = new Set<string>();
    const flows: { id: string; name: string; at: Date }[] = [];
    const timers = new Map<string, { activityId: string; expireAt: Date }>();
    const history = (api: Activity) => !api.type.endsWith('EventDefinition') && api.type !== 'bpmn:Process';
    listener.on('activity.start', (api: Activity) => {
      if (history(api)) started.set(api.executionId, { activityId: api.id, name: api.name ?? '', type: bareType(api.type), at: new Date() });
    });
    listener.on('activity.end', (api: Activity) => ended.set(api.executionId, new Date()));
    // an activity that leaves without ending was discarded (a boundary timer whose task completed)
    listener.on('activity.leave', (api: Activity) => {
      if (!ended.has(api.executionId)) discarded.add(api.executionId);
    });
    listener.on('flow.take', (api: Activity) => flows.push({ id: api.id, name: api.name ?? '', at: new Date() }));
    listener.on('activity.timer', (api: Activity) => timers.set(api.executionId, { activityId: api.id, expireAt: new Date(api.content!.expireAt!) }));
    listener.on('activity.timeout', (api: Activity) => timers.delete(api.executionId));

    const services = Object.fromEntries(
      [...this.services].map(([name, fn]) => [
        name,
        (_message: unknown, callback: (err: Error | null, result?: unknown) => void) =>
          void fn({ tx, tenantId: instance.tenantId, instanceId: instance.id, variables }).then(
            (r) => callback(null, r),
            (err: Error) => callback(err),
          ),
      ]),
    );
    const options = { expressions: engineExpressions, scripts: noScripts, services, moddleOptions: { camunda: camundaModdle } };
    const engine = xml
      ? new Engine({ name: String(instance.id), source: xml, ...options })
      : new Engine({ name: String(instance.id), ...options }).recover(instance.engineState, options);
    let failure: Error | undefined;
    let completed = false;
    engine.on('error', (err: Error) => (failure = err));
    engine.on('end', () => (completed = true));

    try {
      const execution = xml ? await engine.execute({ listener, variables }) : await engine.resume({ listener });
      if (!xml) {
        // the outcome of the task being completed is read by the gateways after it
        for (const def of execution.definitions) for (const p of def.getRunningProcesses()) Object.assign(p.environment.variables, variables);
        act(execution as unknown as { signal: (m: object) => void });
      }
      const until = Date.now() + STEP_TIMEOUT_MS;
      while (!failure && execution.activityStatus === 'executing') {
        if (Date.now() > until) throw badRequest(`流程执行超时: ${instance.id}`);
        await new Promise((r) => setImmediate(r));
      }
      if (failure) throw badRequest(`流程执行出错: ${failure.message.slice(0, 300)}`);

      const postponed = (execution.getPostponed() as unknown as Activity[]).flatMap((a) => [a, ...(a.getPostponed?.() ?? [])]);
      const waiting = postponed.filter((a) => a.type === 'bpmn:UserTask');
      const postponedIds = new Set(postponed.map((a) => a.id));
      const dueAt = [...timers.values()].filter((t) => postponedIds.has(t.activityId)).reduce<Date | null>((min, t) => (!min || t.expireAt < min ? t.expireAt : min), null);
      const done = completed || !execution.isRunning;
      const engineState = done ? null : await engine.getState();

      await this.writeHistory(tx, instance.id, started, ended, discarded, flows);
      const opened = await this.writeTasks(tx, instance, waiting, variables);
      await tx
        .update(flowInstance)
        .set({ variables, engineState, dueAt: done ? null : dueAt, ...(done ? { state: 'completed', endTime: new Date() } : {}) })
        .where(eq(flowInstance.id, instance.id));
      await this.notify(tx, instance.tenantId, opened, FLOW_MESSAGES.newTask.zh);
      return opened;
    } finally {
      // an engine that waits holds timers: stopping clears them (an ended one would never answer a stop)
      if (engine.execution?.isRunning) await engine.stop();
    }
  }

  private async writeHistory(
    tx: Db,
    instanceId: number,
    started: Map<string, { activityId: string; name: string; type: string; at: Date }>,
    ended: Map<string, Date>,
    discarded: Set<string>,
    flows: { id: string; name: string; at: Date }[],
  ): Promise<void> {
    const rows = [
      ...[...started]
        .filter(([executionId]) => !discarded.has(executionId))
        .map(([executionId, s]) => ({
          instanceId,
          executionId,
          activityId: s.activityId,
          activityName: s.name,
          activityType: s.type,
          startTime: s.at,
          endTime: ended.get(executionId) ?? null,
        })),
      ...flows.map((f) => ({ instanceId, executionId: `flow:${randomUUID()}`, activityId: f.id, activityName: f.name, activityType: 'sequenceFlow', startTime: f.at, endTime: f.at })),
    ];
    if (rows.length) await tx.insert(flowHistory).values(rows).onConflictDoNothing();
    // activities that started in an earlier step (a user task, a timer) end or are discarded in this one
    for (const [executionId, at] of ended)
      if (!started.has(executionId))
        await tx
          .update(flowHistory)
          .set({ endTime: at })
          .where(and(eq(flowHistory.instanceId, instanceId), eq(flowHistory.executionId, executionId), isNull(flowHistory.endTime)));
    const gone = [...discarded].filter((id) => !started.has(id));
    if (gone.length) await tx.delete(flowHistory).where(and(eq(flowHistory.instanceId, instanceId), inArray(flowHistory.executionId, gone), isNull(flowHistory.endTime)));
  }

  /** Opens a task for each user task that waits and has none yet; cancels open ones that no longer wait (an interrupting timer took over). */
  private async writeTasks(tx: Db, instance: InstanceRow, waiting: Activity[], variables: Variables): Promise<TaskRow[]> {
    const open = await tx
      .select({ id: flowTask.id, executionId: flowTask.executionId })
      .from(flowTask)
      .where(and(eq(flowTask.instanceId, instance.id), eq(flowTask.state, 'open')));
    const waitingIds = new Set(waiting.map((w) => w.executionId));
    const stale = open.filter((t) => !waitingIds.has(t.executionId)).map((t) => t.id);
    if (stale.length) await tx.update(flowTask).set({ state: 'cancelled', endTime: new Date() }).where(inArray(flowTask.id, stale));
    const known = new Set(open.map((t) => t.executionId));
    const fresh = waiting.filter((w) => !known.has(w.executionId));
    if (!fresh.length) return [];
    const text = (b: Record<string, unknown>, k: string) => (typeof b[k] === 'string' ? String(evaluate(b[k] as string, variables) ?? '') : '');
    const values = fresh.map((w) => {
      const b = w.owner?.behaviour ?? {};
      const assignee = Number(text(b, 'assignee'));
      return {
        tenantId: instance.tenantId,
        instanceId: instance.id,
        executionId: w.executionId,
        taskKey: w.id,
        name: String(b.name ?? w.name ?? w.id),
        formKey: String(b.formKey ?? ''),
        assigneeId: Number.isSafeInteger(assignee) && assignee > 0 ? assignee : null,
        candidateUsers: typeof b.candidateUsers === 'string' ? list(evaluate(b.candidateUsers, variables)) : [],
        candidateGroups: typeof b.candidateGroups === 'string' ? list(evaluate(b.candidateGroups, variables)) : [],
      };
    });
    return tx.insert(flowTask).values(values).onConflictDoNothing().returning();
  }

  /** Reminds who may act on each task (its assignee, else its candidates) in their 督办提醒. */
  private async notify(tx: Db, tenantId: string, tasks: TaskRow[], message: string): Promise<void> {
    for (const task of tasks) {
      const userIds = task.assigneeId ? [task.assigneeId] : await this.candidates(tx, tenantId, task);
      if (!userIds.length) continue;
      await tx.insert(messageNotify).values(
        userIds.map((userId) => ({
          tenantId,
          userId,
          content: `${message}: ${task.name}`,
          modelName: FLOW_NOTICE_MODEL,
          url: task.assigneeId ? TASK_PAGES.todo : TASK_PAGES.claim,
        })),
      );
      for (const userId of userIds) await signalNotice(this.deps.changes, tx, { kind: 'reminder', tenantId, userId });
    }
  }

  /** The users a task's candidates name: the users themselves, and the members of its roles and departments. */
  private async candidates(tx: Db, tenantId: string, task: TaskRow): Promise<number[]> {
    const ids = new Set(task.candidateUsers.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0));
    const aliases = task.candidateGroups.filter((g) => !g.startsWith('dept:'));
    const depts = task.candidateGroups.filter((g) => g.startsWith('dept:')).map((g) => g.slice(5));
    const roleIds = aliases.length
      ? (
          await tx
            .select({ id: role.id })
            .from(role)
            .where(and(eq(role.tenantId, tenantId), inArray(role.roleAlias, aliases), eq(role.isDeleted, 0)))
        ).map((r) => String(r.id))
      : [];
    if (roleIds.length || depts.length) {
      const members = await tx
        .select({ id: user.id })
        .from(user)
        .where(
          and(
            eq(user.tenantId, tenantId),
            eq(user.isDeleted, 0),
            sql`(string_to_array(${user.roleId}, ',') && ${sql.param(roleIds)}::text[] OR string_to_array(${user.deptId}, ',') && ${sql.param(depts)}::text[])`,
          ),
        )
        .limit(500);
      for (const m of members) ids.add(m.id);
    }
    // only users of this tenant hear about it, whatever ids a definition names
    if (!ids.size) return [];
    const real = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), inArray(user.id, [...ids])));
    return real.map((r) => r.id);
  }
}
