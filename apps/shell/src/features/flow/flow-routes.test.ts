import { describe, expect, it } from 'vitest';
import { leavePaths } from '@wb/contracts/flow';
import { detailPath, flowRoutes, handlePath, routeOfCategory, startFormPath } from './flow-routes';

const dict = [
  { code: 'flow', dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { code: 'flow', dictKey: '2', dictValue: '报销流程', remark: 'expense' },
  { code: 'flow', dictKey: '3', dictValue: '其他', remark: '' },
];

describe('the route of a category', () => {
  const routes = flowRoutes(dict);

  it('is the remark of the flow dictionary item whose code_dictKey is the category', () => {
    expect(routes[0]).toEqual({ routeKey: 'flow_1', routeValue: 'leave', name: '请假流程' });
    expect(routeOfCategory('flow_1', routes)).toBe('leave');
    expect(routeOfCategory('flow_2', routes)).toBe('expense');
  });

  it('is none for an item without a remark, an unknown category or none', () => {
    expect(routeOfCategory('flow_3', routes)).toBeUndefined();
    expect(routeOfCategory('flow_9', routes)).toBeUndefined();
    expect(routeOfCategory('', routes)).toBeUndefined();
    expect(routeOfCategory(undefined, routes)).toBeUndefined();
  });

  it('keeps the seeded leave category on its pages while the dictionary is not loaded', () => {
    expect(routeOfCategory('flow_1', [])).toBe('leave');
  });
});

describe('the pages a row opens', () => {
  it('starts a leave process on the leave form, its definition id encoded', () => {
    expect(startFormPath('leave', 'Leave:1:abc')).toBe(leavePaths.form('Leave:1:abc'));
    expect(startFormPath('leave', 'Leave:1:abc')).toBe('/work/process/leave/form/Leave%3A1%3Aabc');
  });

  it('has no page for a route the shell has no pages of', () => {
    expect(startFormPath('expense', 'x')).toBeUndefined();
    expect(startFormPath(undefined, 'x')).toBeUndefined();
    expect(handlePath('expense', { taskId: '1', processInstanceId: '2', businessId: '3' })).toBeUndefined();
  });

  it('handles and shows a leave by its task, instance and business ids', () => {
    expect(handlePath('leave', { taskId: '1', processInstanceId: '2', businessId: '3' })).toBe('/work/process/leave/handle/1/2/3');
    expect(detailPath('leave', { processInstanceId: '2', businessId: '3' })).toBe('/work/process/leave/detail/2/3');
    expect(detailPath('leave', { processInstanceId: '2', businessId: '' })).toBeUndefined();
  });
});
