import { describe, expect, it } from 'vitest';
import { paramResource } from '@wb/contracts/resources/param';
import { projectResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { dictViews, dictResource, deptResource, regionResource, userResource } from '@wb/contracts/resources/org';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { fromParent, inForm, inheritedFields, initialFormValues, submitted, toFormValues, toSubmitBody } from './form-values';

describe('submit body', () => {
  it("submits only the def's fields, with the id when editing", () => {
    const values = { paramName: 'n', paramKey: 'k', paramValue: 'v', createTime: 'x', tenantId: '000000' };
    expect(toSubmitBody(paramResource, values)).toEqual({ paramName: 'n', paramKey: 'k', paramValue: 'v' });
    expect(toSubmitBody(paramResource, values, '12')).toEqual({ id: '12', paramName: 'n', paramKey: 'k', paramValue: 'v' });
  });

  it('sends switches as 0/1 and a cleared ref or picture as an empty string', () => {
    expect(toSubmitBody(vehicleResource, { plateNo: '粤A1', vehicleType: '1', projectId: '3', supplierId: null, inService: false })).toEqual({
      plateNo: '粤A1',
      vehicleType: '1',
      projectId: '3',
      supplierId: '',
      inService: 0,
    });
    expect(toSubmitBody(vehicleResource, { inService: true }).inService).toBe(1);
    expect(toSubmitBody(projectResource, { name: 'p', logoUrl: null }, '5')).toEqual({ id: '5', name: 'p', logoUrl: '' });
  });

  it('comma-joins multiRef choices and sends the password and addOnly fields only when adding', () => {
    const values = { account: 'amy', password: 'secret1', password__confirm: 'secret1', realName: 'Amy', roleId: ['1', '2'], deptId: ['7'], postId: [], locked: true };
    expect(toSubmitBody(userResource, values)).toEqual({ account: 'amy', password: 'secret1', realName: 'Amy', roleId: '1,2', deptId: '7', postId: '' });
    expect(toSubmitBody(userResource, values, '9')).toEqual({ id: '9', realName: 'Amy', roleId: '1,2', deptId: '7', postId: '' });
  });

  it("sends a cleared treeRef as the tree's root and a cleared date as ''", () => {
    expect(toSubmitBody(deptResource, { deptName: 'd', parentId: undefined }).parentId).toBe('0');
    expect(toSubmitBody(regionResource, { name: 'r', parentCode: null }, '11').parentCode).toBe('00');
    expect(toSubmitBody(regionResource, { name: 'r', parentCode: '11' }).parentCode).toBe('11');
    expect(toSubmitBody(userResource, { birthday: null }, '9').birthday).toBe('');
    expect(toSubmitBody(userResource, { birthday: '2000-01-02 00:00:00' }, '9').birthday).toBe('2000-01-02 00:00:00');
  });
});

describe('form values', () => {
  it('shows a record in the form with switches as booleans and no choice for an empty ref', () => {
    const record = { id: '8', plateNo: '粤A1', vehicleType: '2', projectId: '3', supplierId: '', inService: 1, createTime: 'x' };
    expect(toFormValues(vehicleResource, record)).toEqual({ plateNo: '粤A1', vehicleType: '2', projectId: '3', supplierId: undefined, inService: true });
    expect(toFormValues(vehicleResource, { ...record, inService: 0, supplierId: '0' })).toMatchObject({ inService: false, supplierId: undefined });
  });

  it('splits multiRef ids, reads dict keys as strings and the root as no parent', () => {
    const user = toFormValues(userResource, { id: '9', roleId: '1,2', deptId: '', userType: 1, sex: '', birthday: '', locked: true });
    expect(user).toMatchObject({ roleId: ['1', '2'], deptId: [], userType: '1', sex: undefined, birthday: undefined, locked: true });
    expect(user).not.toHaveProperty('password');
    expect(toFormValues(deptResource, { id: '3', parentId: '0' }).parentId).toBeUndefined();
    expect(toFormValues(deptResource, { id: '3', parentId: 12 }).parentId).toBe('12');
  });

  it('starts a new record with the defaults of the def', () => {
    expect(initialFormValues(vehicleResource)).toEqual({ inService: true });
    expect(initialFormValues(subAppResource)).toEqual({ routerMode: '', exec: true, fiber: true, alive: true, isDashboardApp: false, default: false, sort: 0 });
    expect(initialFormValues(paramResource)).toEqual({});
    // a dict key is a string, whatever the def's default is written as
    expect(initialFormValues(deptResource)).toEqual({ deptCategory: '2', sort: 1 });
  });

  it('shows passwords only when adding, virtual and form:false fields never, readonly ones only once stored', () => {
    const { password, locked, account } = userResource.fields;
    expect([inForm(password, true), inForm(password, false)]).toEqual([true, false]);
    expect(inForm(locked, false)).toBe(false);
    expect([submitted(account, true), submitted(account, false)]).toEqual([true, false]);
    const stamp = { label: { zh: '时间', en: 'Time' }, kind: 'date' as const, readonly: true };
    expect([inForm(stamp, true), inForm(stamp, false), submitted(stamp, false)]).toEqual([false, true, false]);
  });
});

describe('children of a parent', () => {
  const { children } = dictViews(dictResource);

  it('takes the parent field and the inherited fields from the chosen parent', () => {
    expect(inheritedFields(children)).toEqual(['parentId', 'code']);
    expect(fromParent(children, { id: '5', code: 'sex', dictValue: '性别' })).toEqual({ parentId: '5', code: 'sex' });
    expect(inheritedFields(paramResource)).toEqual([]);
    expect(fromParent(paramResource, { id: '5' })).toEqual({});
  });
});
