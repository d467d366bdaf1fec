import { describe, expect, it } from 'vitest';
import type { ProjectNode } from '@wb/contracts/subapp-protocol';
import { isAllNode, isPlaceholder, projectFilters, projectIdsOf } from './project-filter';

const leaf: ProjectNode = { id: '12', pid: '5', name: '滨江项目', projectIds: '12' };
const allOfCity: ProjectNode = { id: '-2', pid: '5', name: '全部(杭州)', projectIds: '12,13,13' };
const emptyAll: ProjectNode = { id: '-1', pid: '3', name: '全部(新公司)', projectIds: '' };
const placeholder: ProjectNode = { id: '-1', name: '请选择项目', projectIds: '' };

describe('project-change → list filters', () => {
  it('filters projects by id and vehicles by project, for a leaf', () => {
    expect(projectFilters('project', leaf)).toEqual({ ids: '12' });
    expect(projectFilters('vehicle', leaf)).toEqual({ projectId: '12' });
  });

  it("an 'all' entry stands for every project it lists (deduplicated)", () => {
    expect(isAllNode(allOfCity)).toBe(true);
    expect(isAllNode(leaf)).toBe(false);
    expect(projectFilters('project', allOfCity)).toEqual({ ids: '12,13' });
    expect(projectFilters('vehicle', allOfCity)).toEqual({ projectId: '12,13' });
  });

  it('an entry without projects matches nothing, the placeholder filters nothing', () => {
    expect(projectFilters('vehicle', emptyAll)).toEqual({ projectId: '0' });
    expect(isPlaceholder(placeholder)).toBe(true);
    expect(projectFilters('vehicle', placeholder)).toEqual({});
    expect(projectFilters('project', null)).toEqual({});
  });

  it('does not filter resources that are not per project', () => {
    for (const name of ['company', 'city', 'supplier']) expect(projectFilters(name, leaf)).toEqual({});
  });

  it('ignores ids that are not numbers', () => {
    expect(projectIdsOf({ ...leaf, projectIds: '1, 2,,x,-1' })).toEqual(['1', '2']);
  });
});
