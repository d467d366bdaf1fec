import { describe, expect, it } from 'vitest';
import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { facilityResource, gridResource, iotResource, jobLocationResource, mdmUserResource } from '@wb/contracts/resources/mdm-operations';
import type { ProjectNode } from '@wb/contracts/subapp-protocol';
import { followsProject, isAllNode, isPlaceholder, listedUnder, newRecordValues, projectFilters, projectIdsOf } from './project-filter';
import { PAGES } from './resources';

const leaf: ProjectNode = { id: '12', pid: '5', name: '滨江项目', projectIds: '12' };
const allOfCity: ProjectNode = { id: '-2', pid: '5', name: '全部(杭州)', projectIds: '12,13,13' };
const emptyAll: ProjectNode = { id: '-1', pid: '3', name: '全部(新公司)', projectIds: '' };
const placeholder: ProjectNode = { id: '-1', name: '请选择项目', projectIds: '' };

describe('project-change → list filters', () => {
  it('filters projects by id and vehicles by project, for a leaf', () => {
    expect(projectFilters(projectResource, leaf)).toEqual({ ids: '12' });
    expect(projectFilters(vehicleResource, leaf)).toEqual({ projectId: '12' });
  });

  it('filters the records of a project by it: facilities, grids, devices, job locations, people', () => {
    for (const def of [facilityResource, gridResource, iotResource, jobLocationResource, mdmUserResource]) {
      expect(projectFilters(def, allOfCity), def.name).toEqual({ projectId: '12,13' });
    }
  });

  it("an 'all' entry stands for every project it lists (deduplicated)", () => {
    expect(isAllNode(allOfCity)).toBe(true);
    expect(isAllNode(leaf)).toBe(false);
    expect(projectFilters(projectResource, allOfCity)).toEqual({ ids: '12,13' });
    expect(projectFilters(vehicleResource, allOfCity)).toEqual({ projectId: '12,13' });
  });

  it('an entry without projects matches nothing, the placeholder filters nothing', () => {
    expect(projectFilters(vehicleResource, emptyAll)).toEqual({ projectId: '0' });
    expect(isPlaceholder(placeholder)).toBe(true);
    expect(projectFilters(vehicleResource, placeholder)).toEqual({});
    expect(projectFilters(projectResource, null)).toEqual({});
  });

  it('does not filter resources that are not per project', () => {
    for (const def of [companyResource, cityResource, supplierResource]) {
      expect(followsProject(def)).toBe(false);
      expect(projectFilters(def, leaf)).toEqual({});
    }
  });

  it('every page but companies, cities and suppliers follows the picker', () => {
    expect(PAGES.filter((p) => !followsProject(p.def)).map((p) => p.path)).toEqual(['/company', '/city', '/supplier']);
  });

  it('ignores ids that are not numbers', () => {
    expect(projectIdsOf({ ...leaf, projectIds: '1, 2,,x,-1' })).toEqual(['1', '2']);
  });
});

describe('a new record and the picked project', () => {
  it('starts in the picked project when the node is one project; an all entry or no pick leaves it empty', () => {
    expect(newRecordValues(vehicleResource, leaf)).toEqual({ projectId: '12' });
    expect(newRecordValues(jobLocationResource, leaf)).toEqual({ projectId: '12' });
    expect(newRecordValues(vehicleResource, allOfCity)).toEqual({});
    expect(newRecordValues(vehicleResource, placeholder)).toEqual({});
    expect(newRecordValues(projectResource, leaf)).toEqual({});
    expect(newRecordValues(companyResource, leaf)).toEqual({});
  });

  it('tells whether a saved record is listed under the picked project', () => {
    expect(listedUnder(vehicleResource, leaf, { id: '1', projectId: '12' })).toBe(true);
    expect(listedUnder(vehicleResource, leaf, { id: '1', projectId: '13' })).toBe(false);
    expect(listedUnder(projectResource, allOfCity, { id: '13' })).toBe(true);
    expect(listedUnder(projectResource, leaf, { id: '99' })).toBe(false);
    expect(listedUnder(companyResource, leaf, { id: '99' })).toBe(true);
    expect(listedUnder(vehicleResource, placeholder, { id: '1', projectId: '13' })).toBe(true);
  });
});
