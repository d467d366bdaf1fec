import { describe, expect, it } from 'vitest';
import { LEAVE_PATH_PREFIX, LEAVE_ROUTE, leavePaths } from '@wb/contracts/flow';
import { LEAVE_ROUTE_PATTERNS, PROCESS_PATH_PREFIX, leavePageOf, leaveTabOf } from './process-paths';

describe('the process pages follow the contract', () => {
  it('has its prefix and segment, and reads back every address leavePaths makes', () => {
    expect(PROCESS_PATH_PREFIX).toBe(LEAVE_PATH_PREFIX);
    expect(LEAVE_ROUTE_PATTERNS.form.startsWith(`${LEAVE_PATH_PREFIX.slice(1)}${LEAVE_ROUTE}/`)).toBe(true);
    expect(leavePageOf(leavePaths.form('Leave:1:x'))).toEqual({ kind: 'form', processDefinitionId: 'Leave:1:x' });
    expect(leavePageOf(leavePaths.handle('1', '2', '3'))).toEqual({ kind: 'handle', taskId: '1', processInstanceId: '2', businessId: '3' });
    expect(leavePageOf(leavePaths.detail('2', '3'))).toEqual({ kind: 'detail', processInstanceId: '2', businessId: '3' });
  });
});

describe('which leave page an address is', () => {
  it('reads the parameters of each page', () => {
    expect(leavePageOf('/work/process/leave/form/Leave%3A1%3Aabc')).toEqual({ kind: 'form', processDefinitionId: 'Leave:1:abc' });
    expect(leavePageOf('/work/process/leave/handle/1/2/3')).toEqual({ kind: 'handle', taskId: '1', processInstanceId: '2', businessId: '3' });
    expect(leavePageOf('/work/process/leave/detail/2/3')).toEqual({ kind: 'detail', processInstanceId: '2', businessId: '3' });
  });

  it('is none for other addresses, a wrong number of parts or a broken escape', () => {
    expect(leavePageOf('/work/process/leave/handle/1/2')).toBeUndefined();
    expect(leavePageOf('/work/process/expense/form/x')).toBeUndefined();
    expect(leavePageOf('/work/core/project')).toBeUndefined();
    expect(leavePageOf('/work/process/leave/form/%E0%A4%A')).toBeUndefined();
  });

  it('names the tab of each page', () => {
    expect(leaveTabOf('/work/process/leave/form/x')?.label).toBe('请假申请');
    expect(leaveTabOf('/work/process/leave/handle/1/2/3')?.label).toBe('请假审批');
    expect(leaveTabOf('/work/process/leave/detail/2/3')?.label).toBe('请假详情');
    expect(leaveTabOf('/system/param')).toBeUndefined();
  });
});
