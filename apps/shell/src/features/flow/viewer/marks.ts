import type { FlowHistory } from '@wb/contracts/flow';

/** The canvas markers (flow-viewer.css colours them). */
export const DONE_MARKER = 'wb-flow-done';
export const OPEN_MARKER = 'wb-flow-open';

export interface FlowMarks {
  /** elements the instance has been through: ended activities and taken sequence flows */
  done: string[];
  /** tasks it waits on now */
  open: string[];
}

/**
 * Which elements of the diagram to mark from an instance's history (the model view's `flow`):
 * an open task ('candidate', or an activity without an end) is open, even when it was done
 * before (a request sent back and resubmitted); an ended activity and a sequence flow with an
 * end are done. Entries without an element id are skipped.
 */
export function marksOf(flow: readonly FlowHistory[] | undefined | null): FlowMarks {
  const done = new Set<string>();
  const open = new Set<string>();
  for (const step of flow ?? []) {
    const id = step.historyActivityId;
    if (!id) continue;
    if (step.historyActivityType === 'candidate') open.add(id);
    else if (step.endTime) done.add(id);
    else if (step.historyActivityType !== 'sequenceFlow') open.add(id);
  }
  for (const id of open) done.delete(id);
  return { done: [...done], open: [...open] };
}
