import { createRequire } from 'node:module';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { Linter } from 'bpmnlint';
import NodeResolver from 'bpmnlint/lib/resolver/node-resolver.js';
import { FLOW_MESSAGES } from '@wb/contracts/flow';
import { badRequest } from '../envelope';
import { cycleRefusal, FLOW_BUDGET, xmlDepth } from './budgets';
import { compileExpression, expressionsIn, hasExpression } from './expressions';
import { cycleWithoutWait } from './waits';

const require = createRequire(import.meta.url);
/** camunda:assignee, candidateUsers, candidateGroups, formKey: the task attributes the modeller writes */
export const camundaModdle = require('camunda-bpmn-moddle/resources/camunda.json') as Record<string, unknown>;

/** Services a service task may name as `${environment.services.<name>}` (platform/flow/engine.ts provides them). */
export const SERVICE_PREFIX = 'environment.services.';

/**
 * bpmnlint's recommended rules, less what the engine does not need: a name on every element
 * (gateways and flows are often unnamed), and a diagram (a file without one still runs; the
 * viewer then has nothing to show, so it is a warning).
 */
const lintConfig = {
  extends: 'bpmnlint:recommended',
  rules: { 'label-required': 'off', 'no-bpmndi': 'warn', 'no-overlapping-elements': 'off', 'superfluous-gateway': 'off' },
};

export interface ParsedProcess {
  key: string;
  name: string;
  description: string;
}

const invalid = (detail: string, field: string) => badRequest(`${FLOW_MESSAGES.bpmnInvalid.zh}: ${detail}`, field);

/** The elements of a container and of every sub-process in it (a transaction and an ad-hoc sub-process are ones too). */
function flowElements(container: ModdleElement): ModdleElement[] {
  const own = (container.flowElements as ModdleElement[] | undefined) ?? [];
  return own.flatMap((e) => [e, ...(e.flowElements ? flowElements(e) : [])]);
}

/**
 * Files written by hand or by other tools (Flowable's) leave out the `incoming`/`outgoing` of
 * their nodes, which bpmn-js writes and bpmnlint reads: they follow from the sequence flows.
 */
function linkFlows(container: ModdleElement): void {
  const elements = flowElements(container);
  const add = (node: ModdleElement | undefined, key: 'incoming' | 'outgoing', flow: ModdleElement) => {
    if (!node) return;
    const list = ((node[key] as ModdleElement[] | undefined) ??= []);
    if (!list.includes(flow)) list.push(flow);
  };
  for (const flow of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
    add(flow.sourceRef as ModdleElement | undefined, 'outgoing', flow);
    add(flow.targetRef as ModdleElement | undefined, 'incoming', flow);
  }
}

/** The texts of an element the engine evaluates: conditions, assignments, timers, service references. */
function expressionTexts(e: ModdleElement): string[] {
  const texts = [e.assignee, e.candidateUsers, e.candidateGroups, e.implementation].filter((v): v is string => typeof v === 'string');
  const condition = e.conditionExpression as ModdleElement | undefined;
  if (typeof condition?.body === 'string') texts.push(condition.body);
  for (const def of (e.eventDefinitions as ModdleElement[] | undefined) ?? [])
    for (const k of ['timeDuration', 'timeDate', 'timeCycle']) {
      const body = (def[k] as ModdleElement | undefined)?.body;
      if (typeof body === 'string') texts.push(body);
    }
  return texts;
}

/** The texts of an element's timer cycles. */
const timeCycles = (e: ModdleElement): string[] =>
  ((e.eventDefinitions as ModdleElement[] | undefined) ?? []).map((d) => (d.timeCycle as ModdleElement | undefined)?.body).filter((b): b is string => typeof b === 'string');

/**
 * Why an activity's loop is refused, or null: a loop runs within one step without waiting, so
 * only a multi-instance of a fixed count (at most `loopInstances`) is taken; a standard loop, a
 * count read from variables or a collection is not.
 */
function loopRefusal(e: ModdleElement): string | null {
  const loop = e.loopCharacteristics as ModdleElement | undefined;
  if (!loop) return null;
  const count = String((loop.loopCardinality as ModdleElement | undefined)?.body ?? '').trim();
  const fixed = loop.$type === 'bpmn:MultiInstanceLoopCharacteristics' && /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= FLOW_BUDGET.loopInstances;
  return fixed && !loop.collection && !loop.loopDataInputRef ? null : `${e.id}: 循环须为固定次数的多实例 (loopCardinality 为 1 至 ${FLOW_BUDGET.loopInstances} 的数字)`;
}

/**
 * Reads and checks a BPMN file before it is deployed: nesting within `FLOW_BUDGET.nesting`,
 * well-formed BPMN 2.0, one executable process, bpmnlint's rules, no script tasks (a deployed
 * file never runs code on the server), expressions that parse, service tasks naming a service the
 * server has, no cycle that waits nowhere, timer cycles and loops within their budgets. Runs on
 * the worker thread of platform/flow/bpmn-parser.ts.
 */
export async function parseBpmn(xml: string, services: readonly string[], field = 'xml'): Promise<ParsedProcess> {
  // before any parser: moddle and bpmnlint walk the elements recursively
  if (xmlDepth(xml) > FLOW_BUDGET.nesting) throw invalid(`元素嵌套超过 ${FLOW_BUDGET.nesting} 层`, field);
  const moddle = new BpmnModdle({ camunda: camundaModdle });
  let root: ModdleElement;
  try {
    ({ rootElement: root } = await moddle.fromXML(xml));
  } catch (err) {
    throw invalid((err as Error).message.split('\n')[0].slice(0, 200), field);
  }
  if (root?.$type !== 'bpmn:Definitions') throw invalid('not a BPMN 2.0 definitions document', field);
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable);
  if (!executable.length) throw badRequest(FLOW_MESSAGES.noExecutableProcess.zh, field);
  if (executable.length > 1) throw invalid(`一个文件只能有一个可执行的流程 (${executable.map((p) => p.id).join(', ')})`, field);
  const [process] = executable;
  if (String(process.id).length > 64) throw invalid(`流程标识不能超过64个字符 (${String(process.id).slice(0, 64)}…)`, field);

  linkFlows(process);
  const reports = await new Linter({ config: lintConfig, resolver: new NodeResolver() }).lint(root);
  const errors = Object.entries(reports).flatMap(([rule, list]) => list.filter((r) => r.category === 'error').map((r) => `${r.id ?? ''} ${r.message} (${rule})`.trim()));
  if (errors.length) throw invalid(errors.slice(0, 5).join('; '), field);

  for (const e of flowElements(process)) {
    if (e.$type === 'bpmn:ScriptTask') throw invalid(`${e.id}: 不支持脚本任务`, field);
    for (const text of expressionTexts(e))
      for (const body of expressionsIn(text)) {
        try {
          compileExpression(body);
        } catch (err) {
          throw invalid(`${e.id}: \${${body}}: ${(err as Error).message}`, field);
        }
      }
    if (e.$type === 'bpmn:ServiceTask') {
      const name = /^\$\{environment\.services\.(\w+)\}$/.exec(String(e.implementation ?? ''))?.[1];
      if (!name || !services.includes(name)) throw invalid(`${e.id}: 服务任务须为 \${${SERVICE_PREFIX}<${services.join('|')}>}`, field);
    }
    for (const cycle of timeCycles(e)) {
      const refused = hasExpression(cycle) ? `定时器周期须为固定的文字, 不能是表达式 (${cycle.slice(0, 60)})` : cycleRefusal(cycle);
      if (refused) throw invalid(`${e.id}: ${refused}`, field);
    }
    const loop = loopRefusal(e);
    if (loop) throw invalid(loop, field);
  }
  const spinning = cycleWithoutWait(process);
  if (spinning.length) throw invalid(`${spinning.slice(0, 5).join(', ')}: 循环中没有等待的节点 (用户任务、定时器或消息), 会不停地执行`, field);
  return { key: String(process.id), name: String(process.name ?? process.id), description: String((process.documentation as ModdleElement[] | undefined)?.[0]?.text ?? '') };
}
