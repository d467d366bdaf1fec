import type { Dayjs } from 'dayjs';
import type { LeaveForm } from '@wb/contracts/flow';

/** The wire's time format (architecture: times as `yyyy-MM-dd HH:mm:ss`). */
export const LEAVE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The leave form's values as the form holds them. */
export interface LeaveValues {
  leaveType: string;
  startTime: Dayjs;
  endTime: Dayjs;
  taskUser: string;
  reason: string;
}

/** The end may equal the start, not come before it; an unset side is the required rule's to report. */
export function endNotBeforeStart(start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean {
  if (!start || !end) return true;
  return !end.isBefore(start);
}

/** start-process's body: the times in the wire's format, the reason trimmed. */
export function leaveFormBody(processDefinitionId: string, values: LeaveValues): LeaveForm {
  return {
    processDefinitionId,
    leaveType: values.leaveType,
    startTime: values.startTime.format(LEAVE_TIME_FORMAT),
    endTime: values.endTime.format(LEAVE_TIME_FORMAT),
    taskUser: values.taskUser,
    reason: values.reason.trim(),
  };
}
