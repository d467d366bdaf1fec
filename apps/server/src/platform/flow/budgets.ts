/**
 * What a deployed process may cost the server. A BPMN file is written by a tenant's administrator,
 * so each of these is enforced twice where it can be: by the deploy check (platform/flow/bpmn.ts,
 * 400 naming the file field) and, for definitions deployed before a check existed, by the engine at
 * run time (platform/flow/engine.ts: the instance ends as failed, with the reason in its history).
 */
export const FLOW_BUDGET = {
  /**
   * Activities one step may start before every path waits (a user task, a timer, a message). The
   * engine runs a path synchronously, one activity calling the next, each dearer than the last
   * (its messages wait in queues until the path unwinds): a loop that never waits held the event
   * loop until the stack overflowed, some 1,700 activities and seconds later. The budget's run holds
   * the event loop too (two hundred took about 0.3 s on a quiet machine, far more on a loaded one),
   * so it is kept small: a person's process starts a handful per step.
   */
  stepActivities: 100,
  /** A step still executing after this long (a service that does not answer) is refused and rolled back. */
  stepMs: 30_000,
  /** Bytes of one BPMN file (a drawn process of a hundred tasks with its diagram is about 60 KB). */
  fileBytes: 512 * 1024,
  /** How deep a file's elements may nest (sub-processes within sub-processes); parsers and linters recurse on it. */
  nesting: 64,
  /** Time to read and check a file of a deployment (a 500 KB one takes about a second) on the worker thread, which is ended after it. */
  parseMs: 10_000,
  /** Heap of that worker thread (MB): a file that needs more ends the thread, not the server. */
  parseHeapMb: 256,
  /** A timer cycle repeats at most this often … */
  cycleRepeats: 100,
  /**
   * … and at least this far apart. A timer on a loop must wait at least this long to count as a
   * wait at deploy (waits.ts), and a timer's step sets the next timer no sooner (engine.ts).
   */
  cycleIntervalMs: 60_000,
  /** Timer steps the poller runs in one pass, earliest due first; the rest wait for the next pass. */
  timerStepsPerPoll: 50,
  /** Instances of a multi-instance activity (its cardinality, a number written in the file): a sub-process's run within `stepActivities`. */
  loopInstances: 20,
} as const;

/** A step went past a budget: its instance ends as failed with this message (engine.ts `fail`). */
export class FlowOverrun extends Error {
  constructor(
    message: string,
    /** the activity the step had reached */
    readonly activityId = '',
  ) {
    super(message);
  }
}

export const overrunMessage = (activities: number) => `流程已终止: 连续执行超过 ${activities} 个节点仍未等待 (用户任务、定时器或消息), 流程中可能有不等待的循环`;

const PART = '(\\d+(?:[.,]\\d+)?)';
const DURATION = new RegExp(`^P(?:${PART}Y)?(?:${PART}M)?(?:${PART}W)?(?:${PART}D)?(?:T(?:${PART}H)?(?:${PART}M)?(?:${PART}S)?)?$`);
const UNIT_MS = [365 * 86_400_000, 30 * 86_400_000, 7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000];

/** Milliseconds of an ISO 8601 duration (a year 365 days, a month 30), or null when `text` is none. */
export function durationMs(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return null;
  return m.slice(1).reduce((sum, v, i) => sum + (v ? Number(v.replace(',', '.')) * UNIT_MS[i] : 0), 0);
}

/**
 * Why a timer cycle (`R<count>/<duration>`, or with a start or end date beside the duration) is
 * refused, or null: it must name its count, at most `cycleRepeats`, and repeat no more often than
 * `cycleIntervalMs`. `R100000/PT1S` would write a reminder every second for a day.
 */
export function cycleRefusal(text: string): string | null {
  const [repeat, ...rest] = text.trim().split('/');
  const count = /^R(\d+)$/.exec(repeat)?.[1];
  const interval = rest.map(durationMs).find((ms) => ms !== null);
  const fits = count !== undefined && Number(count) >= 1 && Number(count) <= FLOW_BUDGET.cycleRepeats && interval != null && interval >= FLOW_BUDGET.cycleIntervalMs;
  return fits ? null : `定时器周期 ${text.slice(0, 60)} 超出限制: 须为 R<次数>/<间隔>, 至多 ${FLOW_BUDGET.cycleRepeats} 次, 间隔至少 ${FLOW_BUDGET.cycleIntervalMs / 1000} 秒`;
}

/**
 * How deep the elements of an XML text nest, counted on the text (a tag ends at the first `>`
 * outside quotes; comments and CDATA are skipped), so before any parser's recursion meets it.
 */
export function xmlDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = xml.indexOf('<'); at !== -1; at = xml.indexOf('<', at)) {
    const skip = xml.startsWith('<!--', at) ? '-->' : xml.startsWith('<![CDATA[', at) ? ']]>' : null;
    if (skip) {
      const end = xml.indexOf(skip, at);
      if (end === -1) break;
      at = end + skip.length;
      continue;
    }
    let end = at + 1;
    for (let quote = ''; end < xml.length; end++) {
      const c = xml[end];
      if (quote) quote = c === quote ? '' : quote;
      else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    const kind = xml[at + 1];
    if (kind === '/') depth--;
    else if (kind !== '?' && kind !== '!' && xml[end - 1] !== '/') deepest = Math.max(deepest, ++depth);
    at = end + 1;
  }
  return deepest;
}
