import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { endNotBeforeStart, leaveFormBody } from './leave-values';

describe('the leave form', () => {
  it('refuses an end before the start, and takes an end equal to it', () => {
    const start = dayjs('2026-03-02 09:00:00');
    expect(endNotBeforeStart(start, dayjs('2026-03-02 08:59:59'))).toBe(false);
    expect(endNotBeforeStart(start, start)).toBe(true);
    expect(endNotBeforeStart(start, dayjs('2026-03-03 18:00:00'))).toBe(true);
    expect(endNotBeforeStart(undefined, start)).toBe(true);
  });

  it('sends the times as yyyy-MM-dd HH:mm:ss and the reason trimmed', () => {
    expect(leaveFormBody('Leave:1:x', { leaveType: '1', startTime: dayjs('2026-03-02 09:00'), endTime: dayjs('2026-03-03 18:30'), taskUser: '7', reason: '  家中有事 ' })).toEqual({
      processDefinitionId: 'Leave:1:x',
      leaveType: '1',
      startTime: '2026-03-02 09:00:00',
      endTime: '2026-03-03 18:30:00',
      taskUser: '7',
      reason: '家中有事',
    });
  });
});
