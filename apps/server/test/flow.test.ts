import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_MESSAGES, FLOW_NOTICE_MODEL, FLOW_PATHS as P, FLOW_USER_SELECT_PATH, LEAVE_PROCESS_KEY } from '@wb/contracts/flow';
import { and, desc, eq } from 'drizzle-orm';
import { flowDefinition } from '../src/db/schema/index';
import { buildApp } from '../src/app';
import { as, TEST_JWT_SECRET, testApp, type TestApp } from './helper';
import { call, type Caller, get, leaveDefinition, ok, startLeave, taskOf, upload } from './support/flow-calls';

let t: TestApp;
let admin: Caller;
let plain: Caller;
beforeAll(async () => {
  t = await testApp({ flowTimerPollMs: 100 });
  admin = await as(t.app);
  plain = await as(t.app, 'user');
});
afterAll(() => t.close());

/**
 * A process of its own: two parallel user tasks for a role, joined, then an exclusive choice. The
 * administrator starts it and may act on 甲 (`starterMayAct`), 乙 and 丙 (assigned to `${applyUser}`).
 */
const bpmn = (key: string, body: string, name = key) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="${key}" name="${name}" isExecutable="true">${body}</process>
</definitions>`;
const parallel = bpmn(
  'Parallel',
  `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="fork" />
  <parallelGateway id="fork" />
  <sequenceFlow id="f1" sourceRef="fork" targetRef="a" /><sequenceFlow id="f2" sourceRef="fork" targetRef="b" />
  <userTask id="a" name="甲" camunda:candidateGroups="administrator"><extensionElements><camunda:properties><camunda:property name="starterMayAct" value="true" /></camunda:properties></extensionElements></userTask><userTask id="b" name="乙" camunda:assignee="\${applyUser}" />
  <sequenceFlow id="f3" sourceRef="a" targetRef="join" /><sequenceFlow id="f4" sourceRef="b" targetRef="join" />
  <parallelGateway id="join" /><sequenceFlow id="f5" sourceRef="join" targetRef="choice" />
  <exclusiveGateway id="choice" />
  <sequenceFlow id="big" sourceRef="choice" targetRef="sub"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 100}</conditionExpression></sequenceFlow>
  <sequenceFlow id="small" sourceRef="choice" targetRef="e"><conditionExpression xsi:type="tFormalExpression">\${amount &lt;= 100}</conditionExpression></sequenceFlow>
  <subProcess id="sub" name="复核"><startEvent id="ss" /><sequenceFlow id="sf1" sourceRef="ss" targetRef="c" /><userTask id="c" name="丙" camunda:assignee="\${applyUser}" /><sequenceFlow id="sf2" sourceRef="c" targetRef="se" /><endEvent id="se" /></subProcess>
  <sequenceFlow id="f6" sourceRef="sub" targetRef="e" /><endEvent id="e" />`,
);

describe('the leave process', () => {
  it('is seeded for every tenant, started by an employee, claimed, survives a restart of its engine state, approved, and read back with its history', async () => {
    const def = await leaveDefinition(plain);
    expect(def).toMatchObject({ name: '请假流程', category: 'flow_1', categoryName: '请假流程', version: 1, suspensionState: 1 });
    const other = await as(t.app, 'admin', '100001');
    expect(await leaveDefinition(other)).toMatchObject({ key: LEAVE_PROCESS_KEY });

    // the employee picks the approver from the tenant's people
    const people = await get(plain, FLOW_USER_SELECT_PATH, { name: '管理' });
    expect(people).toEqual([{ id: String(admin.token.user_id), account: 'admin', realName: '管理员' }]);
    const { businessId, processInstanceId } = await startLeave(plain, admin);
    // the approver may claim it (待签) and was reminded; it is not yet anyone's to do
    const claimable = await taskOf(admin, P.claimList, processInstanceId);
    expect(claimable).toMatchObject({ taskName: '审批人审批', assignee: '', processDefinitionName: '请假流程', businessId, routeValue: 'leave', startUser: '运营专员' });
    expect(await taskOf(admin, P.todoList, processInstanceId)).toBeUndefined();
    expect(await taskOf(plain, P.claimList, processInstanceId)).toBeUndefined();
    const reminders = (await call(admin, 'POST', '/us-system/message-notify/pageMessageNotify', { current: 1, size: 100 })).body.data.records;
    expect(reminders.find((r: { modelName: string }) => r.modelName === FLOW_NOTICE_MODEL)).toMatchObject({
      content: `${FLOW_MESSAGES.newTask.zh}: 审批人审批`,
      // the reminder names its task: handling the task settles it
      url: `/work-affairs/claim?taskId=${claimable.taskId}`,
      readStatus: 0,
    });

    // only a candidate claims; completing before claiming is refused; a second claim conflicts
    expect((await call(plain, 'POST', P.claimTask, { taskId: claimable.taskId })).status).toBe(403);
    expect((await call(admin, 'POST', P.completeTask, { taskId: claimable.taskId, pass: true })).status).toBe(403);
    await ok(admin, P.claimTask, { taskId: claimable.taskId });
    expect((await call(admin, 'POST', P.claimTask, { taskId: claimable.taskId })).body).toMatchObject({ code: 409, msg: FLOW_MESSAGES.taskClaimed.zh });
    const todo = await taskOf(admin, P.todoList, processInstanceId);
    expect(todo).toMatchObject({ taskId: claimable.taskId, assigneeName: '管理员' });

    // another server on the same database, with nothing in memory (a restart), completes it from the saved state
    const second = await buildApp({ database: t.ctx.database, logger: false, config: { jwtSecret: TEST_JWT_SECRET, captchaEnabled: false, flowTimerPollMs: 60_000 } });
    const completed = await second.app.inject({
      method: 'POST',
      url: P.completeTask,
      headers: { 'saas-auth': `bearer ${admin.token.access_token}`, 'tenant-id': '000000' },
      payload: { taskId: todo.taskId, processInstanceId, pass: true, comment: '同意, 注意安全' },
    });
    expect(completed.json()).toMatchObject({ code: 200 });
    await second.app.close();
    expect((await call(admin, 'POST', P.completeTask, { taskId: todo.taskId, pass: true })).body).toMatchObject({ code: 409, msg: FLOW_MESSAGES.taskDone.zh });
    // handled, its reminder no longer counts in the bell
    const after = (await call(admin, 'POST', '/us-system/message-notify/pageMessageNotify', { current: 1, size: 100 })).body.data.records;
    expect(after.find((r: { url: string }) => r.url === `/work-affairs/claim?taskId=${claimable.taskId}`)).toMatchObject({ readStatus: 1 });

    const sent = await taskOf(plain, P.sendList, processInstanceId);
    expect(sent).toMatchObject({ processIsFinished: 'finished', processDefinitionName: '请假流程' });
    expect(await taskOf(admin, P.doneList, processInstanceId)).toMatchObject({ pass: true, comment: '同意, 注意安全' });
    const detail = (await call(plain, 'GET', P.leaveDetail, { businessId })).body.data;
    expect(detail).toMatchObject({ reason: '家中有事', days: 1, taskUserName: '管理员', createUserName: '运营专员', processIsFinished: 'finished', approved: true, processInstanceId });

    const steps = (await call(plain, 'GET', P.historyFlowList, { processInstanceId })).body.data;
    expect(steps.map((s: { historyActivityId: string }) => s.historyActivityId)).toEqual(['start', 'approve', 'end']);
    expect(steps[1]).toMatchObject({ assigneeName: '管理员', comment: '同意, 注意安全', pass: true });
    const view = (await call(plain, 'GET', P.modelView, { processInstanceId })).body.data;
    expect(view.xml).toContain(`id="${LEAVE_PROCESS_KEY}"`);
    const taken = view.flow.filter((f: { historyActivityType: string }) => f.historyActivityType === 'sequenceFlow').map((f: { historyActivityId: string }) => f.historyActivityId);
    expect(taken).toEqual(['toApprove', 'toDecision', 'approved']);
    // the other tenant knows nothing of it
    expect((await call(other, 'GET', P.leaveDetail, { businessId })).status).toBe(404);
    expect((await call(other, 'GET', P.modelView, { processInstanceId })).status).toBe(404);
  });

  it('a rejection returns it to the applicant, who resubmits; more than three days goes on to the administrators', async () => {
    const { processInstanceId, businessId } = await startLeave(plain, admin, 5);
    const first = await taskOf(admin, P.claimList, processInstanceId);
    await ok(admin, P.claimTask, { taskId: first.taskId });
    await ok(admin, P.completeTask, { taskId: first.taskId, pass: false, comment: '请补充说明' });
    const adjust = await taskOf(plain, P.todoList, processInstanceId);
    expect(adjust).toMatchObject({ taskName: '调整申请', taskDefinitionKey: 'adjust' });
    await ok(plain, P.completeTask, { taskId: adjust.taskId, pass: true, comment: '已补充' });
    const again = await taskOf(admin, P.claimList, processInstanceId);
    expect(again.taskName).toBe('审批人审批');
    await ok(admin, P.claimTask, { taskId: again.taskId });
    await ok(admin, P.completeTask, { taskId: again.taskId, pass: true });
    // five days: the administrators' review, a candidate group
    const review = await taskOf(admin, P.claimList, processInstanceId);
    expect(review).toMatchObject({ taskName: '管理员复核', candidateNames: 'administrator' });
    expect(await taskOf(plain, P.claimList, processInstanceId)).toBeUndefined();
    await ok(admin, P.claimTask, { taskId: review.taskId });
    await ok(admin, P.completeTask, { taskId: review.taskId, pass: true });
    expect((await call(plain, 'GET', P.leaveDetail, { businessId })).body.data).toMatchObject({ days: 5, approved: true, processIsFinished: 'finished' });
  });

  it('bad input gets the field and a clear message', async () => {
    const def = await leaveDefinition(plain);
    const base = { processDefinitionId: def.id, leaveType: '1', startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 09:00:00', reason: 'x', taskUser: String(admin.token.user_id) };
    const cases: [object, string, string][] = [
      [{ ...base, leaveType: undefined }, 'leaveType', FLOW_MESSAGES.leaveType.zh],
      [{ ...base, startTime: undefined }, 'startTime', FLOW_MESSAGES.startTime.zh],
      [{ ...base, taskUser: undefined }, 'taskUser', FLOW_MESSAGES.taskUser.zh],
      [{ ...base, reason: ' ' }, 'reason', FLOW_MESSAGES.reason.zh],
      [{ ...base, endTime: '2026-11-30 09:00:00' }, 'endTime', FLOW_MESSAGES.endBeforeStart.zh],
    ];
    for (const [body, field, msg] of cases) expect((await call(plain, 'POST', P.leaveStart, body)).body, field).toMatchObject({ code: 400, msg, data: { field } });
    expect((await call(plain, 'POST', P.leaveStart, { ...base, startTime: '2026-02-30' })).status).toBe(400);
    expect((await call(admin, 'POST', P.completeTask, { taskId: '12345' })).status).toBe(403);
    expect((await call(admin, 'POST', P.completeTask, { taskId: 'abc' })).status).toBe(400);
    // a task of another tenant
    const { processInstanceId } = await startLeave(plain, admin);
    const task = await taskOf(admin, P.claimList, processInstanceId);
    const other = await as(t.app, 'admin', '100001');
    expect((await call(other, 'POST', P.claimTask, { taskId: task.taskId })).status).toBe(403);
    await ok(admin, P.followDeleteInstance, { processInstanceId, deleteReason: '测试' });
    expect(await taskOf(admin, P.claimList, processInstanceId)).toBeUndefined();
    // the same task completed twice at once: one goes through, the other is told it is done
    const twice = await startLeave(plain, admin);
    const claimed = await taskOf(admin, P.claimList, twice.processInstanceId);
    await ok(admin, P.claimTask, { taskId: claimed.taskId });
    const both = await Promise.all([1, 2].map(() => call(admin, 'POST', P.completeTask, { taskId: claimed.taskId, pass: true })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('definitions', () => {
  it('checks files before deploying: not BPMN, no executable process, lint errors, scripts, bad expressions, unknown services', async () => {
    const bad: [string, string][] = [
      ['x.bpmn', 'not xml at all <'],
      ['x.bpmn', bpmn('NoExec', '<startEvent id="s" />').replace('isExecutable="true"', 'isExecutable="false"')],
      ['x.bpmn', bpmn('Lonely', '<startEvent id="s" /><userTask id="u" />')],
      [
        'x.bpmn',
        bpmn(
          'Script',
          '<startEvent id="s" /><sequenceFlow id="f" sourceRef="s" targetRef="x" /><scriptTask id="x" scriptFormat="javascript"><script>1</script></scriptTask><sequenceFlow id="g" sourceRef="x" targetRef="e" /><endEvent id="e" />',
        ),
      ],
      [
        'x.bpmn',
        bpmn(
          'Expr',
          '<startEvent id="s" /><sequenceFlow id="f" sourceRef="s" targetRef="u" /><userTask id="u" camunda:assignee="${a +}" /><sequenceFlow id="g" sourceRef="u" targetRef="e" /><endEvent id="e" />',
        ),
      ],
      [
        'x.bpmn',
        bpmn(
          'Svc',
          '<startEvent id="s" /><sequenceFlow id="f" sourceRef="s" targetRef="x" /><serviceTask id="x" implementation="${environment.services.rm}" /><sequenceFlow id="g" sourceRef="x" targetRef="e" /><endEvent id="e" />',
        ),
      ],
      ['x.txt', parallel],
    ];
    for (const file of bad) {
      const r = await upload(admin, [file]);
      expect(r.status, `${file[1].slice(0, 120)} → ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.data).toMatchObject({ field: 'files' });
    }
    expect((await upload(admin, [['p.bpmn', parallel]], { category: 'flow_9' })).body).toMatchObject({ code: 400, data: { field: 'category' } });
    expect((await upload(plain, [['p.bpmn', parallel]])).status).toBe(403);
  });

  it('parallel gateways, candidate groups, conditions and sub-processes; a new version leaves running instances on theirs; a suspended one starts nothing', async () => {
    expect((await upload(admin, [['p.bpmn', parallel]])).status).toBe(200);
    const v1 = (await get(admin, P.managerList, { key: 'Parallel' })).records[0];
    expect(v1).toMatchObject({ version: 1, category: 'flow_2', categoryName: '报销流程', resourceName: 'p.bpmn' });
    const engine = t.ctx.flow;
    const start = async (amount: number) =>
      t.ctx.database.db.transaction(async (tx) => {
        const [d] = await tx
          .select()
          .from(flowDefinition)
          .where(and(eq(flowDefinition.processKey, 'Parallel'), eq(flowDefinition.tenantId, '000000')))
          .orderBy(desc(flowDefinition.version))
          .limit(1);
        return (await engine.start(tx, { tenantId: '000000', definitionId: d.id, xml: d.xml, userId: Number(admin.token.user_id), variables: { amount } })).instance.id;
      });
    const run = String(await start(500));
    // both branches wait: one for the role administrator (claim), one for the starter (todo)
    const a = await taskOf(admin, P.claimList, run);
    const b = await taskOf(admin, P.todoList, run);
    expect([a.taskName, b.taskName]).toEqual(['甲', '乙']);
    await ok(admin, P.completeTask, { taskId: b.taskId });
    expect(await taskOf(admin, P.todoList, run)).toBeUndefined();
    await ok(admin, P.claimTask, { taskId: a.taskId });
    await ok(admin, P.completeTask, { taskId: a.taskId });
    // joined; amount 500 takes the sub-process
    const c = await taskOf(admin, P.todoList, run);
    expect(c.taskName).toBe('丙');

    // version 2 changes the tasks' names; the running instance keeps version 1
    expect((await upload(admin, [['p.bpmn', parallel.replace('name="丙"', 'name="丙二"')]])).status).toBe(200);
    const versions = (await get(admin, P.managerList, { key: 'Parallel' })).records;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    await ok(admin, P.completeTask, { taskId: c.taskId });
    expect((await get(admin, P.followList)).records.find((r: { processInstanceId: string }) => r.processInstanceId === run)).toBeUndefined();
    const started = (await get(admin, P.startList)).records.filter((r: { key: string }) => r.key === 'Parallel');
    expect(started).toHaveLength(1);
    expect(started[0].version).toBe(2);

    // suspending the leave process: nothing starts; deleting a deployment with a running instance is refused
    const leave = await leaveDefinition(admin);
    await ok(admin, P.managerChangeState, { processId: leave.id, state: 'suspend' });
    expect(await leaveDefinition(admin)).toBeUndefined();
    const refused = await call(plain, 'POST', P.leaveStart, {
      processDefinitionId: leave.id,
      leaveType: '1',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 09:00:00',
      reason: 'x',
      taskUser: String(admin.token.user_id),
    });
    expect(refused.body).toMatchObject({ code: 409, msg: FLOW_MESSAGES.definitionSuspended.zh });
    await ok(admin, P.managerChangeState, { processId: leave.id, state: 'active' });
    const { processInstanceId } = await startLeave(plain, admin);
    const del = await call(admin, 'POST', P.managerDeleteDeployment, { deploymentIds: leave.deploymentId });
    expect(del.body.code).toBe(409);
    expect(del.body.msg).toContain(FLOW_MESSAGES.deploymentHasInstances.zh);
    await ok(admin, P.followDeleteInstance, { processInstanceId, deleteReason: '测试结束' });
  });

  it('a timer reminds the candidates again, on its own, after its delay', async () => {
    const timed = bpmn(
      'Timed',
      `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="u" />
      <userTask id="u" name="限时办理" camunda:assignee="\${applyUser}" />
      <boundaryEvent id="late" attachedToRef="u" cancelActivity="false"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="f1" sourceRef="late" targetRef="r" /><serviceTask id="r" name="催办" implementation="\${environment.services.remind}" />
      <sequenceFlow id="f2" sourceRef="r" targetRef="re" /><endEvent id="re" />
      <sequenceFlow id="f3" sourceRef="u" targetRef="e" /><endEvent id="e" />`,
    );
    expect((await upload(admin, [['t.bpmn', timed]])).status).toBe(200);
    const id = await t.ctx.database.db.transaction(async (tx) => {
      const [d] = await tx.select().from(flowDefinition).where(eq(flowDefinition.processKey, 'Timed'));
      return (await t.ctx.flow.start(tx, { tenantId: '000000', definitionId: d.id, xml: d.xml, userId: Number(admin.token.user_id) })).instance.id;
    });
    const overdue = async () =>
      (await call(admin, 'POST', '/us-system/message-notify/pageMessageNotify', { current: 1, size: 100 })).body.data.records.filter(
        (r: { content: string }) => r.content === `${FLOW_MESSAGES.taskOverdue.zh}: 限时办理`,
      );
    expect(await overdue()).toHaveLength(0);
    const until = Date.now() + 5000;
    while (!(await overdue()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await overdue()).toHaveLength(1);
    // the task is still open (the timer does not interrupt it), and completing it ends the process
    const task = await taskOf(admin, P.todoList, String(id));
    await ok(admin, P.completeTask, { taskId: task.taskId });
    const steps = (await call(admin, 'GET', P.historyFlowList, { processInstanceId: String(id) })).body.data.map((s: { historyActivityId: string }) => s.historyActivityId);
    expect(steps).toEqual(expect.arrayContaining(['s', 'u', 'late', 'r', 're', 'e']));
  });
});
