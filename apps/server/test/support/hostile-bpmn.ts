/**
 * BPMN files a hostile tenant administrator deploys (issue 30), for test/hostile/flow.test.ts and
 * for benchmarks: a loop that never waits, a large deployment, deep nesting, a timer cycle that
 * never stops. Each is a whole file of one executable process named by `key`.
 */

const NAMESPACES =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="hostile"';

/** A file holding one executable process with `body` as its elements. */
export const bpmnFile = (key: string, body: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NAMESPACES}>
  <process id="${key}" name="${key}" isExecutable="true">${body}</process>
</definitions>`;

const condition = (expression: string) => `<conditionExpression xsi:type="tFormalExpression">\${${expression}}</conditionExpression>`;

/**
 * start → gateway → `node` (whose id is `t`) → gateway, which goes back to the first with
 * `${true}` (its way to the end is `${false}`): the path never waits. `node` is a plain task by
 * default; a sub-process, a service task or a throw event loop the same way.
 */
export const neverWaits = (key = 'NeverWaits', node = '<task id="t" name="循环" />'): string =>
  bpmnFile(
    key,
    `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="g1" />
    <exclusiveGateway id="g1" /><sequenceFlow id="f1" sourceRef="g1" targetRef="t" />
    ${node}<sequenceFlow id="f2" sourceRef="t" targetRef="g2" />
    <exclusiveGateway id="g2" />
    <sequenceFlow id="back" sourceRef="g2" targetRef="g1">${condition('true')}</sequenceFlow>
    <sequenceFlow id="out" sourceRef="g2" targetRef="e">${condition('false')}</sequenceFlow>
    <endEvent id="e" />`,
  );

/** The same loop, closed by a link event instead of a sequence flow back: no cycle of flows to see. */
export const linkLoopProcess = (key: string): string =>
  bpmnFile(
    key,
    `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="back" />
    <intermediateCatchEvent id="back"><linkEventDefinition name="again" /></intermediateCatchEvent>
    <sequenceFlow id="f1" sourceRef="back" targetRef="t" /><task id="t" /><sequenceFlow id="f2" sourceRef="t" targetRef="g" />
    <exclusiveGateway id="g" />
    <sequenceFlow id="f3" sourceRef="g" targetRef="jump">${condition('true')}</sequenceFlow>
    <sequenceFlow id="out" sourceRef="g" targetRef="e">${condition('false')}</sequenceFlow>
    <intermediateThrowEvent id="jump"><linkEventDefinition name="again" /></intermediateThrowEvent><endEvent id="e" />`,
  );

/**
 * One file of a large deployment: a valid process of about `bytes` (by default the 1.9 MB of the
 * report, ten of which held every request for 22 s), a chain of user tasks, each with a long
 * documentation, as a large drawn process would be. Reading and linting it takes time in proportion.
 */
export function bigDeployment(key = 'Big', bytes = 1.9 * 1024 * 1024): string {
  const filler = 'x'.repeat(200);
  const task = (i: number) =>
    `<userTask id="u${i}" name="任务${i}" camunda:assignee="\${applyUser}"><documentation>${filler}</documentation></userTask><sequenceFlow id="f${i}" sourceRef="u${i}" targetRef="${`u${i + 1}`}" />`;
  const count = Math.max(1, Math.floor((bytes - 400) / Buffer.byteLength(task(10_000))));
  const chain = Array.from({ length: count }, (_, i) => task(i))
    .join('\n')
    .replace(`targetRef="u${count}"`, 'targetRef="e"');
  return bpmnFile(key, `<startEvent id="s" /><sequenceFlow id="f" sourceRef="s" targetRef="u0" />\n${chain}\n<endEvent id="e" />`);
}

/** `levels` sub-processes, each inside the one before, with a user task at the bottom. */
export function deeplyNested(key: string, levels: number): string {
  let inner =
    '<startEvent id="ds" /><sequenceFlow id="df" sourceRef="ds" targetRef="du" /><userTask id="du" /><sequenceFlow id="dg" sourceRef="du" targetRef="de" /><endEvent id="de" />';
  for (let i = levels; i > 0; i--)
    inner = `<startEvent id="s${i}" /><sequenceFlow id="a${i}" sourceRef="s${i}" targetRef="p${i}" /><subProcess id="p${i}">${inner}</subProcess><sequenceFlow id="b${i}" sourceRef="p${i}" targetRef="e${i}" /><endEvent id="e${i}" />`;
  return bpmnFile(key, inner);
}

/** A user task whose non-interrupting timer fires on `cycle` (e.g. `R100000/PT1S`) and reminds its users each time. */
export const timerCycleProcess = (key: string, cycle: string): string =>
  bpmnFile(
    key,
    `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="u" />
    <userTask id="u" name="催办任务" camunda:candidateUsers="\${taskUser}" />
    <boundaryEvent id="again" attachedToRef="u" cancelActivity="false"><timerEventDefinition><timeCycle>${cycle}</timeCycle></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="f1" sourceRef="again" targetRef="r" /><serviceTask id="r" implementation="\${environment.services.remind}" />
    <sequenceFlow id="f2" sourceRef="r" targetRef="re" /><endEvent id="re" />
    <sequenceFlow id="f3" sourceRef="u" targetRef="e" /><endEvent id="e" />`,
  );

/** One user task assigned to `assignee` (a user id, or an expression), then the end. */
export const assignedProcess = (key: string, assignee: string): string =>
  bpmnFile(
    key,
    `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="u" />
    <userTask id="u" name="指派任务" camunda:assignee="${assignee}" /><sequenceFlow id="f1" sourceRef="u" targetRef="e" /><endEvent id="e" />`,
  );

/**
 * A loop through a timer whose duration is a variable, which the deploy check takes to wait; the
 * starter sets it (`pause`) when completing the first task: `PT0S` makes the loop spin.
 */
export const pausedLoopProcess = (key: string): string =>
  bpmnFile(
    key,
    `<startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="u" />
    <userTask id="u" name="设置间隔" camunda:assignee="\${applyUser}" /><sequenceFlow id="f1" sourceRef="u" targetRef="g1" />
    <exclusiveGateway id="g1" /><sequenceFlow id="f2" sourceRef="g1" targetRef="pause" />
    <intermediateCatchEvent id="pause"><timerEventDefinition><timeDuration>\${pause}</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <sequenceFlow id="f3" sourceRef="pause" targetRef="t" /><task id="t" /><sequenceFlow id="f4" sourceRef="t" targetRef="g2" />
    <exclusiveGateway id="g2" />
    <sequenceFlow id="back" sourceRef="g2" targetRef="g1">${condition('true')}</sequenceFlow>
    <sequenceFlow id="out" sourceRef="g2" targetRef="e">${condition('false')}</sequenceFlow>
    <endEvent id="e" />`,
  );
