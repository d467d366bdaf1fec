import type { ModdleElement } from 'bpmn-moddle';
import { durationMs, FLOW_BUDGET } from './budgets';

/**
 * The deploy check's view of where a process waits. A path runs on, synchronously, until it
 * reaches a user task, a timer or a message; a cycle of sequence flows that passes none of them
 * would run until the engine's budget ends it (platform/flow/budgets.ts), so such a file is refused
 * before it is stored.
 */

/** Activities at which a path waits for a person or a message. */
const WAITING = new Set(['bpmn:UserTask', 'bpmn:ManualTask', 'bpmn:ReceiveTask', 'bpmn:CallActivity', 'bpmn:EventBasedGateway']);
/** Catch and boundary events that wait for a message; a link, an error or a condition that holds goes straight on (timers: `timerWaits`). */
const WAITING_EVENTS = new Set(['bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition']);

const own = (container: ModdleElement) => (container.flowElements as ModdleElement[] | undefined) ?? [];
const definitionsOf = (e: ModdleElement) => (e.eventDefinitions as ModdleElement[] | undefined) ?? [];
const linkName = (e: ModdleElement) => definitionsOf(e).find((d) => d.$type === 'bpmn:LinkEventDefinition')?.name;
const body = (d: ModdleElement, k: string) => String((d[k] as ModdleElement | undefined)?.body ?? '').trim();
/**
 * A timer on a cycle waits only if it is sure to wait long: a cycle (whose interval bpmn.ts checks
 * is at least `cycleIntervalMs`) or a duration written as a literal of at least `cycleIntervalMs`.
 * A shorter duration (`PT0.001S` would have the poller run the loop a thousand times a second),
 * a date (soon past) or an expression (`${pause}`, any value at all) does not count.
 */
const timerWaits = (d: ModdleElement) => body(d, 'timeCycle') !== '' || (durationMs(body(d, 'timeDuration')) ?? 0) >= FLOW_BUDGET.cycleIntervalMs;
const waitingEvent = (d: ModdleElement) => (d.$type === 'bpmn:TimerEventDefinition' ? timerWaits(d) : WAITING_EVENTS.has(d.$type));

type Graph = Map<ModdleElement, ModdleElement[]>;

/** The nodes of a container and where each leads: its sequence flows, a host to its boundary events, a link thrown to where it is caught. */
function graphOf(container: ModdleElement): Graph {
  const nodes = own(container).filter((e) => e.$type !== 'bpmn:SequenceFlow');
  const next: Graph = new Map(nodes.map((n) => [n, []]));
  for (const flow of own(container).filter((e) => e.$type === 'bpmn:SequenceFlow')) next.get(flow.sourceRef as ModdleElement)?.push(flow.targetRef as ModdleElement);
  for (const boundary of nodes.filter((n) => n.$type === 'bpmn:BoundaryEvent')) next.get(boundary.attachedToRef as ModdleElement)?.push(boundary);
  const links = (type: string) => nodes.filter((n) => n.$type === type && linkName(n) !== undefined);
  for (const thrown of links('bpmn:IntermediateThrowEvent')) next.get(thrown)!.push(...links('bpmn:IntermediateCatchEvent').filter((c) => linkName(c) === linkName(thrown)));
  return next;
}

/** Whether a path that enters `node` waits before it leaves. A sub-process waits when no path through it avoids waiting. */
function waits(node: ModdleElement): boolean {
  if (WAITING.has(node.$type)) return true;
  if (/(CatchEvent|BoundaryEvent)$/.test(node.$type)) return definitionsOf(node).some(waitingEvent);
  return node.flowElements !== undefined && !passesWithoutWaiting(node);
}

function passesWithoutWaiting(container: ModdleElement): boolean {
  const next = graphOf(container);
  const reached = new Set([...next.keys()].filter((n) => n.$type === 'bpmn:StartEvent'));
  for (const node of reached) {
    if (waits(node)) continue;
    const after = next.get(node)!;
    if (!after.length) return true;
    for (const n of after) reached.add(n);
  }
  return false;
}

/** The nodes of `nodes` left once those without a predecessor among them are taken away, again and again: those on a cycle, and after one. */
function cyclic(nodes: Set<ModdleElement>, next: (n: ModdleElement) => ModdleElement[]): Set<ModdleElement> {
  const before = new Map([...nodes].map((n) => [n, 0]));
  for (const n of nodes) for (const m of next(n)) if (before.has(m)) before.set(m, before.get(m)! + 1);
  const free = [...nodes].filter((n) => before.get(n) === 0);
  while (free.length) {
    const n = free.pop()!;
    before.delete(n);
    for (const m of next(n)) if (before.has(m) && before.set(m, before.get(m)! - 1).get(m) === 0) free.push(m);
  }
  return new Set(before.keys());
}

/** The ids of the nodes of a cycle that waits nowhere, in `container` or any sub-process in it; empty when every cycle waits. */
export function cycleWithoutWait(container: ModdleElement): string[] {
  const next = graphOf(container);
  const passing = new Set([...next.keys()].filter((n) => !waits(n)));
  const forward = cyclic(passing, (n) => next.get(n)!);
  // taken from the other side too, so that what merely follows the cycle is not named with it
  const preceding = new Map<ModdleElement, ModdleElement[]>([...forward].map((n) => [n, []]));
  for (const m of forward) for (const n of next.get(m)!) preceding.get(n)?.push(m);
  const loop = cyclic(forward, (n) => preceding.get(n)!);
  if (loop.size) return [...loop].map((n) => String(n.id));
  for (const sub of next.keys())
    if (sub.flowElements) {
      const inner = cycleWithoutWait(sub);
      if (inner.length) return inner;
    }
  return [];
}
