import { describe, expect, it } from 'vitest';
import { postResource, userResource } from '@wb/contracts/resources/org';
import { dataScopeResource } from '@wb/contracts/resources/access';
import { sortableFields } from '@wb/contracts/resource';
import { brokenRule } from '@wb/contracts/field-rules';
import { labelText, labelsOf } from './field-labels';
import { filtersOf, toListQuery } from './list-query';
import { resourceKeys } from './resource-i18n';
import type { TreeNode } from '@wb/contracts/resource';

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: !!children,
  ...(children ? { children } : {}),
});
const t = (key: string) => key;

describe('labelsOf / labelText: what 查看 and a list cell show', () => {
  const options = {
    choices: { userType: [{ value: '1', label: 'Web' }] },
    trees: { roleId: [node('1', '超级管理员', [node('2', '用户')])], deptId: [node('1500000000000000', '运营部')] },
  };
  const keys = resourceKeys(userResource);
  it('names each id of a multiRef into a tree, at any depth, from an array (the form) or comma-joined (the wire)', () => {
    const roles = labelsOf('roleId', userResource.fields.roleId, { t, keys, options })!;
    expect(labelText(userResource.fields.roleId, roles, ['1', '2'])).toBe('超级管理员, 用户');
    expect(labelText(userResource.fields.roleId, roles, '2,1')).toBe('用户, 超级管理员');
    const depts = labelsOf('deptId', userResource.fields.deptId, { t, keys, options })!;
    expect(labelText(userResource.fields.deptId, depts, ['1500000000000000'])).toBe('运营部');
  });
  it('names a dictionary key, shows a key nothing names as it is, and nothing as -', () => {
    const types = labelsOf('userType', userResource.fields.userType, { t, keys, options })!;
    expect(labelText(userResource.fields.userType, types, 1)).toBe('Web');
    expect(labelText(userResource.fields.userType, types, '9')).toBe('9');
    expect(labelText(userResource.fields.userType, types, undefined)).toBe('-');
    expect(labelText(userResource.fields.roleId, new Map(), [])).toBe('-');
  });
  it('gives free text no labels (it shows as typed)', () => {
    expect(labelsOf('account', userResource.fields.account, { t, keys, options })).toBeUndefined();
  });
});

describe('sorting', () => {
  it('offers the fields of a definition that sort meaningfully, not refs, passwords or long texts', () => {
    expect(sortableFields(postResource)).toEqual(expect.arrayContaining(['category', 'postCode', 'postName', 'sort']));
    expect(sortableFields(postResource)).not.toContain('remark');
    expect(sortableFields(userResource)).not.toContain('password');
    expect(sortableFields(userResource)).not.toContain('roleId');
    expect(sortableFields(userResource)).not.toContain('locked');
  });
  it('sends the sorted column as ascs / descs, never a field the definition does not sort, and an export leaves the order out', () => {
    expect(toListQuery(postResource, {}, undefined, { postCode: 'ascend' })).toEqual({ current: 1, size: 10, ascs: 'postCode' });
    expect(toListQuery(postResource, {}, undefined, { postName: 'descend' })).toEqual({ current: 1, size: 10, descs: 'postName' });
    expect(toListQuery(postResource, {}, undefined, { remark: 'ascend', postName: null })).toEqual({ current: 1, size: 10 });
    expect(filtersOf({ current: 1, size: 10, ascs: 'postCode', postName: 'x' })).toEqual({ postName: 'x' });
  });
});

describe('field rules (contracts/field-rules.ts), as the form checks them', () => {
  it('a phone of 11 digits starting 1[3-9], an e-mail with a dotted domain, the password rule; empty is the required rule’s', () => {
    expect(brokenRule(userResource.fields.phone, '1380013')).toBe('phoneLength');
    expect(brokenRule(userResource.fields.phone, '23800138000')).toBe('phoneFormat');
    expect(brokenRule(userResource.fields.phone, '13800138000')).toBeNull();
    expect(brokenRule(userResource.fields.phone, '')).toBeNull();
    expect(brokenRule(userResource.fields.email, 'someone@')).toBe('email');
    expect(brokenRule(userResource.fields.email, 'someone@example.com')).toBeNull();
    expect(brokenRule(userResource.fields.password, 'abcdefgh')).toBe('password');
    expect(brokenRule(userResource.fields.password, 'abcd1234')).toBeNull();
    expect(brokenRule(userResource.fields.account, 'anything')).toBeNull();
  });
  it('数据权限’s 资源编号 is a choice of tables', () => {
    expect(dataScopeResource.fields.resourceCode.kind).toBe('select');
    expect(dataScopeResource.fields.resourceCode.options?.map((o) => o.value)).toContain('user');
  });
});
