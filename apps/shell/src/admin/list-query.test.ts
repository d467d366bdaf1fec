import { describe, expect, it } from 'vitest';
import { paramResource } from '@wb/contracts/resources/param';
import { toListQuery, toSubmitBody } from './list-query';

describe('list query', () => {
  it('maps paging to current/size and drops empty search values', () => {
    expect(toListQuery(paramResource, { current: 2, pageSize: 30, paramName: '', paramKey: '  ', keyword: 'x' })).toEqual({ current: 2, size: 30 });
    expect(toListQuery(paramResource, { current: 1, pageSize: 10, paramKey: ' account ' })).toEqual({ current: 1, size: 10, paramKey: 'account' });
  });

  it('defaults to page 1 of 10 and caps the size at 200', () => {
    expect(toListQuery(paramResource, {})).toEqual({ current: 1, size: 10 });
    expect(toListQuery(paramResource, { current: 1, pageSize: 5000 })).toEqual({ current: 1, size: 200 });
  });

  it('does not send fields that are not searchable', () => {
    expect(toListQuery(paramResource, { paramValue: 'x', remark: 'y' })).toEqual({ current: 1, size: 10 });
  });

  it("submits only the def's fields, with the id when editing", () => {
    const values = { paramName: 'n', paramKey: 'k', paramValue: 'v', createTime: 'x', tenantId: '000000' };
    expect(toSubmitBody(paramResource, values)).toEqual({ paramName: 'n', paramKey: 'k', paramValue: 'v' });
    expect(toSubmitBody(paramResource, values, '12')).toEqual({ id: '12', paramName: 'n', paramKey: 'k', paramValue: 'v' });
  });
});
