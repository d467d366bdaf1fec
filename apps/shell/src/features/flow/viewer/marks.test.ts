import { describe, expect, it } from 'vitest';
import type { FlowHistory } from '@wb/contracts/flow';
import { marksOf } from './marks';

const step = (historyActivityId: string, historyActivityType: string, endTime = ''): FlowHistory => ({
  historyActivityId,
  historyActivityName: historyActivityId,
  historyActivityType,
  assignee: '',
  assigneeName: '',
  createTime: '2026-01-01 10:00:00',
  endTime,
  historyActivityDurationTime: '',
  comment: '',
  pass: null,
});

describe('marking the diagram from a flow list', () => {
  it('marks ended activities and taken flows done, the open task open', () => {
    const marks = marksOf([
      step('start', 'startEvent', '2026-01-01 10:00:00'),
      step('toApprove', 'sequenceFlow', '2026-01-01 10:00:00'),
      step('approve', 'userTask'),
      step('approve', 'candidate'),
    ]);
    expect(marks.done.sort()).toEqual(['start', 'toApprove']);
    expect(marks.open).toEqual(['approve']);
  });

  it('does not mark a sequence flow not yet taken', () => {
    expect(marksOf([step('approved', 'sequenceFlow')])).toEqual({ done: [], open: [] });
  });

  it('shows a task done before and open again (a resubmitted request) as open', () => {
    const marks = marksOf([
      step('approve', 'userTask', '2026-01-01 11:00:00'),
      step('rejected', 'sequenceFlow', '2026-01-01 11:00:00'),
      step('adjust', 'userTask', '2026-01-01 12:00:00'),
      step('resubmitted', 'sequenceFlow', '2026-01-01 12:00:00'),
      step('approve', 'candidate'),
    ]);
    expect(marks.open).toEqual(['approve']);
    expect(marks.done.sort()).toEqual(['adjust', 'rejected', 'resubmitted']);
  });

  it('marks a finished instance done to its end, and takes an empty or missing list', () => {
    const marks = marksOf([step('start', 'startEvent', 'x'), step('approved', 'sequenceFlow', 'x'), step('end', 'endEvent', 'x'), step('', 'userTask', 'x')]);
    expect(marks).toEqual({ done: ['start', 'approved', 'end'], open: [] });
    expect(marksOf([])).toEqual({ done: [], open: [] });
    expect(marksOf(null)).toEqual({ done: [], open: [] });
  });
});
