import { describe, expect, it } from 'vitest';
import { projectResource } from '@wb/contracts/resources/mdm';
import { deptResource, userResource } from '@wb/contracts/resources/org';
import { paramResource } from '@wb/contracts/resources/param';
import type { TreeNode } from '@wb/contracts/resource';
import { optionSources, treeChoices, treeLabels } from './field-options';

describe('option sources', () => {
  it('lists the fields with choices and where each takes them from', () => {
    expect(optionSources(projectResource.fields)).toEqual([
      { name: 'companyId', eager: true, kind: 'select', basePath: '/wwy-us-mdm/api/v1/company' },
      { name: 'cityId', eager: true, kind: 'select', basePath: '/wwy-us-mdm/api/v1/city' },
    ]);
    expect(optionSources(paramResource.fields)).toEqual([]);
    expect(optionSources(deptResource.fields)).toEqual([
      // the parent is only in the form: its tree waits for a dialog
      { name: 'parentId', eager: false, kind: 'tree', basePath: '/us-system/dept' },
      { name: 'deptCategory', eager: true, kind: 'dict', dict: { code: 'org_category' } },
    ]);
    expect(optionSources(userResource.fields).map((s) => `${s.name}:${s.kind}`)).toEqual([
      'userType:dict',
      // roles and departments are trees: picked from their tree
      'roleId:tree',
      'deptId:tree',
      'postId:select',
      'sex:dict',
    ]);
  });

  it('names every node of a tree by its value, leaves (no children key) included', () => {
    const labels = treeLabels([
      { id: '1', parentId: '0', title: 'A', key: '1', value: '1', hasChildren: true, children: [{ id: '2', parentId: '1', title: 'B', key: '2', value: '2', hasChildren: false }] },
    ]);
    expect([...labels]).toEqual([
      ['1', 'A'],
      ['2', 'B'],
    ]);
  });
});

describe('tree choices', () => {
  const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
    id,
    parentId: '',
    title,
    key: id,
    value: id,
    hasChildren: Boolean(children),
    ...(children ? { children } : {}),
  });
  const tree = [node('1', '总部', [node('2', '运营部', [node('3', '一组')]), node('4', '财务部')])];

  it('keeps the edited node and those below it from being its parent', () => {
    const choices = treeChoices(tree, '2');
    expect(choices[0].disabled).toBeUndefined();
    expect(choices[0].children?.map((c) => [c.title, c.disabled])).toEqual([
      ['运营部', true],
      ['财务部', undefined],
    ]);
    expect(choices[0].children?.[0].children?.[0]).toMatchObject({ title: '一组', disabled: true });
    // a leaf stays a leaf
    expect(choices[0].children?.[1]).not.toHaveProperty('children');
  });

  it('offers every node when adding', () => {
    expect(JSON.stringify(treeChoices(tree))).not.toContain('disabled');
  });
});
