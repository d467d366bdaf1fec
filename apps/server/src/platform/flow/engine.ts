import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { FLOW_MESSAGES, FLOW_NOTICE_MODEL } from '@wb/contracts/flow';
import type { Db } from '../../db/client';
import { flowHistory, flowInstance, flowTask, messageNotify, role, user } from '../../db/schema/index';
import type { Changes } from '../changes';
import { ApiError, badRequest, forbidden } from '../envelope';
import { signalNotice } from '../notices';
import { camundaModdle, type ParsedProcess } from './bpmn';
import { BpmnParser } from './bpmn-parser';
import { cycleRefusal, FLOW_BUDGET, FlowOverrun, overrunMessage } from './budgets';
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
/** A task's reminder names its task, so that handling the task settles it (the list's page ignores the query). */
const taskReminderUrls = (taskId: number) => Object.values(TASK_PAGES).map((page) => `${page}?taskId=${taskId}`);

interface Activity {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  content?: { expireAt?: string | Date; timerType?: string; timeCycle?: string };
  owner?: { behaviour?: Record<string, unknown> };
  getPostponed?: () => Activity[];
}

/** What a step did: the tasks it opened, or why it ended the instance as failed (its transaction still commits). */
export interface StepResult {
  tasks: TaskRow[];
  failure?: string;
}

/** Variables only the engine sets: the starter (`applyUser`) and a task's outcome (`pass`, given as complete's `pass`). */
const ENGINE_VARIABLES = ['applyUser', 'pass'];
/** The camunda property by which a definition lets the starter claim or complete a task (beside assigning it to `${applyUser}`). */
const STARTER_MAY_ACT = 'starterMayAct';

/**
 * No one acts on a task of an instance they started (approving their own request) unless the
 * definition gives the task to them: it is assigned to `${applyUser}` (the leave's 调整申请), or
 * carries the camunda property `starterMayAct` = `true`.
 */
export const ownRequest = (task: TaskRow, startUserId: number, userId: number | null): boolean => userId === startUserId && !task.starterMayAct;

/**
 * The engine's timers never fire in memory: a step runs what is due when it starts (an expired
 * timer completes at once when the engine resumes) and ends; the poller starts the next step when
 * the earliest timer is due (`due_at`). So nothing of an instance runs outside its step, where no
 * callback could outrun its budget or its transaction (bpmn-elements' Timers interface).
 */
const heldTimers = (): BpmnEngineOptions['timers'] => {
  const timers = {
    executing: [],
    register: () => timers,
    setTimeout: (callback: () => void, delay: number) => ({ callback, delay, timerId: 'held', timerRef: null }),
    clearTimeout: () => undefined,
  };
  return timers as unknown as BpmnEngineOptions['timers'];
};

/**
 * A step's tasks name someone they may not (a user since removed, another tenant's, the starter):
 * a 400 for the user whose request it was; a timer's step ends its instance as failed instead,
 * since it would be refused the same at every later try.
 */
class TaskRefusal extends ApiError {
  constructor(
    message: string,
    readonly activityId: string,
  ) {
    super(400, message);
  }
}

/** The extension property `name` of an activity's behaviour (`<camunda:properties><camunda:property name value>`). */
function propertyOf(behaviour: Record<string, unknown>, name: string): unknown {
  const extensions = (behaviour.extensionElements as { values?: { $type?: string; values?: { name?: string; value?: unknown }[] }[] } | undefined)?.values ?? [];
  return extensions
    .filter((x) => x.$type === 'camunda:Properties')
    .flatMap((x) => x.values ?? [])
    .find((p) => p.name === name)?.value;
}

/** A task names the user among its candidates, or one of their groups. */
export const candidateOf = (userId: number, groups: string[]): SQL =>
  or(sql`${flowTask.candidateUsers} @> ARRAY[${String(userId)}]::text[]`, groups.length ? sql`${flowTask.candidateGroups} && ${sql.param(groups)}::text[]` : undefined)!;

/** The engine refuses every script: deployed files decide, they never run code (platform/flow/bpmn.ts refuses script tasks too). */
const noScripts = { register: () => undefined, getScript: () => undefined } as unknown as BpmnEngineOptions['scripts'];

const bareType = (type: string) => type.replace(/^bpmn:/, '').replace(/^./, (c) => c.toLowerCase());
const list = (v: unknown): string[] => (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean);

/**
 * What a run that failed is: past a budget, or a stack the engine overflowed on a path that never
 * waits, ends the instance (FlowOverrun, found also inside the engine's own wrapping); anything
 * else (an expression that cannot be read, no way out of a gateway) is a 400 and rolls back.
 */
function stepError(err: unknown, reached: string): Error {
  for (let e = err as { inner?: unknown } | undefined; e; e = e.inner as typeof e) if (e instanceof FlowOverrun) return e;
  if (err instanceof ApiError) return err;
  if (err instanceof RangeError && /call stack/i.test(err.message)) return new FlowOverrun(overrunMessage(FLOW_BUDGET.stepActivities), reached);
  return badRequest(`流程执行出错: ${String((err as Error | undefined)?.message ?? err).slice(0, 300)}`);
}

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
  private readonly parser = new BpmnParser();
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

  /** Reads and checks the files of a deployment off the request thread (platform/flow/bpmn-parser.ts); a refusal names `field`. */
  parse(xmls: string[], field: string): Promise<ParsedProcess[]> {
    return this.parser.parse(xmls, this.serviceNames(), field);
  }

  /** Looks for due timers every `pollMs`; instances skip what another instance has locked. */
  begin(): void {
    this.poller = setInterval(() => void this.fireDueTimers(), this.deps.pollMs);
    this.poller.unref();
  }

  stop(): void {
    clearInterval(this.poller);
    this.parser.close();
  }

  /** Starts an instance in `tx` (the caller's, so that its business row commits with it). */
  async start(
    tx: Db,
    p: { tenantId: string; definitionId: number; xml: string; userId: number; businessTable?: string; businessId?: string; variables?: Variables },
  ): Promise<StepResult & { instance: InstanceRow }> {
    const variables = { ...p.variables, applyUser: String(p.userId) };
    const [instance] = await tx
      .insert(flowInstance)
      .values({ tenantId: p.tenantId, definitionId: p.definitionId, startUserId: p.userId, businessTable: p.businessTable ?? '', businessId: p.businessId ?? '', variables })
      .returning();
    return { instance, ...(await this.step(tx, instance, p.xml, variables, () => undefined)) };
  }

  /**
   * Completes an open task in `tx` (task and instance rows locked by the caller's checks): its
   * outcome and variables become process variables, then the process goes on. The variables add
   * to the process; they never change one it holds (the leave's `days`, which its gateways read,
   * is the server's count from the request's dates, and its approver stays the one named at start).
   */
  async complete(tx: Db, task: TaskRow, p: { pass?: boolean; comment?: string; variables?: Variables }): Promise<StepResult> {
    const [instance] = await tx.select().from(flowInstance).where(eq(flowInstance.id, task.instanceId)).for('update');
    if (ownRequest(task, instance.startUserId, task.assigneeId)) throw forbidden(FLOW_MESSAGES.ownRequest.zh);
    const held = Object.keys(p.variables ?? {}).filter((k) => ENGINE_VARIABLES.includes(k) || Object.hasOwn(instance.variables, k));
    if (held.length) throw badRequest(`${FLOW_MESSAGES.variableHeld.zh}: ${held.join(', ')}`, 'variables');
    await tx
      .update(flowTask)
      .set({ state: 'completed', pass: p.pass ?? null, comment: p.comment ?? '', endTime: new Date() })
      .where(eq(flowTask.id, task.id));
    await this.settleReminders(tx, instance.tenantId, [task.id]);
    const variables = { ...instance.variables, ...p.variables, ...(p.pass === undefined ? {} : { pass: p.pass }) };
    return this.step(tx, instance, null, variables, (execution) => execution.signal({ id: task.taskKey, executionId: task.executionId }));
  }

  /** Ends an instance without going on: its open tasks are cancelled, its timers forgotten. */
  async remove(tx: Db, instance: InstanceRow, reason: string): Promise<void> {
    const now = new Date();
    await tx.update(flowInstance).set({ state: 'deleted', deleteReason: reason, endTime: now, engineState: null, dueAt: null }).where(eq(flowInstance.id, instance.id));
    const cancelled = await tx
      .update(flowTask)
      .set({ state: 'cancelled', endTime: now })
      .where(and(eq(flowTask.instanceId, instance.id), eq(flowTask.state, 'open')))
      .returning({ id: flowTask.id });
    await this.settleReminders(
      tx,
      instance.tenantId,
      cancelled.map((t) => t.id),
    );
  }

  /**
   * The reminders of tasks that are over (done, cancelled) are read: the bell's count no longer
   * holds them (issue 31), and each user reminded hears of it at once.
   */
  private async settleReminders(tx: Db, tenantId: string, taskIds: number[]): Promise<void> {
    if (!taskIds.length) return;
    const settled = await tx
      .update(messageNotify)
      .set({ readStatus: 1 })
      .where(
        and(
          eq(messageNotify.tenantId, tenantId),
          eq(messageNotify.modelName, FLOW_NOTICE_MODEL),
          eq(messageNotify.readStatus, 0),
          inArray(messageNotify.url, taskIds.flatMap(taskReminderUrls)),
        ),
      )
      .returning({ userId: messageNotify.userId });
    for (const userId of new Set(settled.map((r) => r.userId))) await signalNotice(this.deps.changes, tx, { kind: 'reminder', tenantId, userId });
  }

  /**
   * Ends an instance whose step went past a budget (its writes rolled back): failed, the reason in
   * its row (`delete_reason`) and as the last step of its history, its open tasks cancelled.
   */
  private async fail(tx: Db, instance: InstanceRow, overrun: FlowOverrun): Promise<void> {
    const now = new Date();
    await tx
      .update(flowInstance)
      .set({ state: 'failed', deleteReason: overrun.message.slice(0, 500), endTime: now, engineState: null, dueAt: null })
      .where(eq(flowInstance.id, instance.id));
    await tx
      .update(flowTask)
      .set({ state: 'cancelled', endTime: now })
      .where(and(eq(flowTask.instanceId, instance.id), eq(flowTask.state, 'open')));
    await tx.insert(flowHistory).values({
      instanceId: instance.id,
      executionId: `failed:${randomUUID()}`,
      activityId: overrun.activityId,
      activityName: overrun.message.slice(0, 128),
      activityType: 'failed',
      startTime: now,
      endTime: now,
    });
  }

  /**
   * Runs the steps of the instances whose timers are due, earliest first, one instance per
   * transaction and at most `FLOW_BUDGET.timerStepsPerPoll` a pass (the rest wait for the next
   * poll). A timer's step sets the instance's next timer no sooner than `cycleIntervalMs` later,
   * so a loop through a short timer (deployed before the check) steps once a minute, not at once.
   */
  async fireDueTimers(): Promise<number> {
    if (this.polling) return 0;
    this.polling = true;
    let fired = 0;
    try {
      while (fired < FLOW_BUDGET.timerStepsPerPoll) {
        const id = await this.deps.db.transaction(async (tx) => {
          const [due] = await tx
            .select()
            .from(flowInstance)
            .where(and(eq(flowInstance.state, 'running'), lte(flowInstance.dueAt, new Date())))
            .orderBy(asc(flowInstance.dueAt))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!due) return null;
          try {
            await this.step(tx as unknown as Db, due, null, due.variables, () => undefined, true);
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
   * One step of an instance, in a savepoint of `tx`: recover (or start from `xml`), `act`, run
   * until the engine waits, then write its state, tasks and history. A step that goes past a
   * budget (platform/flow/budgets.ts) is rolled back and ends the instance as failed, which
   * commits with `tx`; any other failure rolls back and is thrown (400: the task stays open).
   */
  private async step(
    tx: Db,
    instance: InstanceRow,
    xml: string | null,
    variables: Variables,
    act: (execution: { signal: (m: object) => void }) => void,
    byTimer = false,
  ): Promise<StepResult> {
    try {
      return { tasks: await tx.transaction((savepoint) => this.run(savepoint as unknown as Db, instance, xml, variables, act, byTimer)) };
    } catch (err) {
      const ending = err instanceof FlowOverrun ? err : byTimer && err instanceof TaskRefusal ? new FlowOverrun(`流程已终止: ${err.message}`, err.activityId) : null;
      if (!ending) throw err;
      await this.fail(tx, instance, ending);
      return { tasks: [], failure: ending.message };
    }
  }

  private async run(
    tx: Db,
    instance: InstanceRow,
    xml: string | null,
    variables: Variables,
    act: (execution: { signal: (m: object) => void }) => void,
    byTimer: boolean,
  ): Promise<TaskRow[]> {
    const listener = new EventEmitter();
    const started = new Map<string, { activityId: string; name: string; type: string; at: Date }>();
    const ended = new Map<string, Date>();
    const discarded = new Set<string>();
    const flows: { id: string; name: string; at: Date }[] = [];
    const timers = new Map<string, { activityId: string; expireAt: Date }>();
    const history = (api: Activity) => !api.type.endsWith('EventDefinition') && api.type !== 'bpmn:Process';
    let starts = 0;
    let reached = '';
    listener.on('activity.start', (api: Activity) => {
      reached = api.id;
      // the engine calls each activity from the one before: throwing here unwinds the whole run, long before the stack would overflow
      if (++starts > FLOW_BUDGET.stepActivities) throw new FlowOverrun(overrunMessage(FLOW_BUDGET.stepActivities), api.id);
      if (history(api)) started.set(api.executionId, { activityId: api.id, name: api.name ?? '', type: bareType(api.type), at: new Date() });
    });
    listener.on('activity.end', (api: Activity) => ended.set(api.executionId, new Date()));
    // an activity that leaves without ending was discarded (a boundary timer whose task completed)
    listener.on('activity.leave', (api: Activity) => {
      if (!ended.has(api.executionId)) discarded.add(api.executionId);
    });
    listener.on('flow.take', (api: Activity) => flows.push({ id: api.id, name: api.name ?? '', at: new Date() }));
    listener.on('activity.timer', (api: Activity) => {
      // a cycle deployed before the deploy check knew its bounds
      const refused = api.content?.timerType === 'timeCycle' ? cycleRefusal(String(api.content.timeCycle)) : null;
      if (refused) throw new FlowOverrun(`流程已终止: ${refused}`, api.id);
      timers.set(api.executionId, { activityId: api.id, expireAt: new Date(api.content!.expireAt!) });
    });
    listener.on('activity.timeout', (api: Activity) => timers.delete(api.executionId));

    let failure: unknown;
    let over = false;
    /** Goes on from a service's answer, unless the step is over; what that throws fails the step (it must not become an unhandled rejection). */
    const resumeWith = (go: () => void) => {
      if (over) return;
      try {
        go();
      } catch (err) {
        failure ??= err;
      }
    };
    const services = Object.fromEntries(
      [...this.services].map(([name, fn]) => [
        name,
        (_message: unknown, callback: (err: Error | null, result?: unknown) => void) => {
          if (over) return;
          void fn({ tx, tenantId: instance.tenantId, instanceId: instance.id, variables }).then(
            (r) => resumeWith(() => callback(null, r)),
            (err: Error) => resumeWith(() => callback(err)),
          );
        },
      ]),
    );
    const options = { expressions: engineExpressions, scripts: noScripts, services, timers: heldTimers(), moddleOptions: { camunda: camundaModdle } };
    let completed = false;
    let execution: Awaited<ReturnType<Engine['execute']>> | undefined;
    let engine: Engine | undefined;
    try {
      engine = xml ? new Engine({ name: String(instance.id), source: xml, ...options }) : new Engine({ name: String(instance.id), ...options }).recover(instance.engineState, options);
      engine.on('error', (err: Error) => (failure ??= err));
      engine.on('end', () => (completed = true));
      execution = xml ? await engine.execute({ listener, variables }) : await engine.resume({ listener });
      if (!xml) {
        // the outcome of the task being completed is read by the gateways after it
        for (const def of execution.definitions) for (const p of def.getRunningProcesses()) Object.assign(p.environment.variables, variables);
        act(execution as unknown as { signal: (m: object) => void });
      }
      const until = Date.now() + FLOW_BUDGET.stepMs;
      while (!failure && execution.activityStatus === 'executing') {
        if (Date.now() > until) throw badRequest(`流程执行超时: ${instance.id}`);
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      failure ??= err;
    } finally {
      // nothing of the engine runs after this: its timers are held, and a late service answer is dropped
      over = true;
    }
    if (failure || !execution || !engine) throw stepError(failure, reached);

    const postponed = (execution.getPostponed() as unknown as Activity[]).flatMap((a) => [a, ...(a.getPostponed?.() ?? [])]);
    const waiting = postponed.filter((a) => a.type === 'bpmn:UserTask');
    const postponedIds = new Set(postponed.map((a) => a.id));
    const earliest = [...timers.values()].filter((t) => postponedIds.has(t.activityId)).reduce<Date | null>((min, t) => (!min || t.expireAt < min ? t.expireAt : min), null);
    // a timer's step is followed by the next no sooner than a cycle's interval (fireDueTimers)
    const floor = byTimer ? new Date(Date.now() + FLOW_BUDGET.cycleIntervalMs) : null;
    const dueAt = earliest && floor && earliest < floor ? floor : earliest;
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

  /**
   * Opens a task for each user task that waits and has none yet; cancels open ones that no longer
   * wait (an interrupting timer took over). Whoever a task names must be a user of the instance's
   * tenant, and it is given to the starter only as `ownRequest` allows: else the step is refused.
   */
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
      const assigneeText = text(b, 'assignee').trim();
      const assignee = /^\d{1,18}$/.test(assigneeText) ? Number(assigneeText) : 0;
      return {
        assigneeText,
        tenantId: instance.tenantId,
        instanceId: instance.id,
        executionId: w.executionId,
        taskKey: w.id,
        name: String(b.name ?? w.name ?? w.id),
        formKey: String(b.formKey ?? ''),
        assigneeId: Number.isSafeInteger(assignee) && assignee > 0 ? assignee : null,
        candidateUsers: typeof b.candidateUsers === 'string' ? list(evaluate(b.candidateUsers, variables)) : [],
        candidateGroups: typeof b.candidateGroups === 'string' ? list(evaluate(b.candidateGroups, variables)) : [],
        starterMayAct: b.assignee === '${applyUser}' || String(propertyOf(b, STARTER_MAY_ACT)) === 'true',
      };
    });
    // an assignee that is no user id (a name, `x`) is a stranger too, never quietly no one
    const namedBy = (v: (typeof values)[number]) => [...(v.assigneeText ? [v.assigneeText] : []), ...v.candidateUsers];
    const named = [...new Set(values.flatMap(namedBy))];
    const members = new Set((await this.members(tx, instance.tenantId, named)).map(String));
    const strangers = named.filter((id) => !members.has(id));
    if (strangers.length)
      throw new TaskRefusal(`${FLOW_MESSAGES.foreignUser.zh}: ${strangers.slice(0, 5).join(', ')}`, values.find((v) => namedBy(v).some((id) => !members.has(id)))!.taskKey);
    const own = values.find((v) => v.assigneeId === instance.startUserId && !v.starterMayAct);
    if (own) throw new TaskRefusal(`${FLOW_MESSAGES.ownRequest.zh}: ${own.name}`, own.taskKey);
    return tx
      .insert(flowTask)
      .values(values.map(({ assigneeText: _, ...v }) => v))
      .onConflictDoNothing()
      .returning();
  }

  /** Which of `ids` are users of the tenant (not removed); ids that are no number are none. */
  private async members(tx: Db, tenantId: string, ids: string[]): Promise<number[]> {
    const numbers = ids.filter((id) => /^\d{1,18}$/.test(id)).map(Number);
    if (!numbers.length) return [];
    const rows = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), inArray(user.id, numbers)));
    return rows.map((r) => r.id);
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
          url: `${task.assigneeId ? TASK_PAGES.todo : TASK_PAGES.claim}?taskId=${task.id}`,
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
    return this.members(tx, tenantId, [...ids].map(String));
  }
}
