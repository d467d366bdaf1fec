import { describe, expect, it } from 'vitest';
import { flattenButtonCodes } from './button-codes';

describe('button codes', () => {
  it('collects every code of the tree', () => {
    const tree = [
      { id: '1', code: 'coredata_company', name: '公司管理', category: 1, children: [{ id: '2', code: 'company_add', name: '新增', category: 2, children: [] }] },
      { id: '3', code: '', name: 'x', category: 1, children: [] },
    ];
    expect(flattenButtonCodes(tree)).toEqual({ coredata_company: true, company_add: true });
    expect(flattenButtonCodes(null)).toEqual({});
  });
});
