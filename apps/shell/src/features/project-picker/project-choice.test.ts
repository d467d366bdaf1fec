import { describe, expect, it } from 'vitest';
import type { ProjectTreeNode } from '@wb/contracts/project';
import { chooseStartProject, firstProject, isSelectable, mapZoom, pathByIds, projectStoreName } from './project-choice';

const node = (id: string, name: string, children?: ProjectTreeNode[], projectIds = id): ProjectTreeNode => ({
  id,
  pid: '',
  label: name,
  name,
  code: '',
  tririgaCode: '',
  tenantId: '000000',
  projectIds,
  projectCity: '',
  projectTririgaCodes: '',
  logoUrl: '',
  ...(children ? { children } : {}),
});

// The server's shape: each company and city starts with its 'all' entry.
const tree: ProjectTreeNode[] = [
  node('1', '城市服务集团', [
    node('-1', '全部(城市服务集团)', undefined, '11,12,13'),
    node('10', '深圳', [node('-2', '全部(深圳)', undefined, '11,12'), node('11', '深圳湾科技园'), node('12', '前海国际中心')], '11,12'),
    node('20', '广州', [node('-2', '全部(广州)', undefined, '13'), node('13', '天河CBD')], '13'),
  ]),
  node('2', '物业运营公司', [node('-1', '全部(物业运营公司)', undefined, '31'), node('30', '上海', [node('-2', '全部(上海)', undefined, '31'), node('31', '陆家嘴金融城')], '31')]),
];

describe('map zoom by project id', () => {
  it('gives zoom 5 level 1 for -1, zoom 10 level 2 for -2, otherwise zoom 13 level 3', () => {
    expect(mapZoom('-1')).toEqual({ zoom: 5, level: 1 });
    expect(mapZoom(-1)).toEqual({ zoom: 5, level: 1 });
    expect(mapZoom('-2')).toEqual({ zoom: 10, level: 2 });
    expect(mapZoom('11')).toEqual({ zoom: 13, level: 3 });
  });
});

describe('start-up project', () => {
  it('takes the projectId query parameter first', () => {
    expect(chooseStartProject(tree, { queryId: '13', saved: { id: '12', list: ['1', '10', '12'] } })).toMatchObject({ id: '13', name: '天河CBD', list: ['1', '20', '13'] });
  });

  it('ignores a query id that is not a project in the tree, or an ambiguous all id', () => {
    expect(chooseStartProject(tree, { queryId: '999', saved: { id: '12', list: ['1', '10', '12'] } })?.id).toBe('12');
    expect(chooseStartProject(tree, { queryId: '10' })?.id).toBe('11');
    expect(chooseStartProject(tree, { queryId: '-2' })?.id).toBe('11');
  });

  it('else the saved choice, an all entry included, if its path is still in the tree', () => {
    expect(chooseStartProject(tree, { saved: { id: '-2', list: ['1', '20', '-2'] } })).toMatchObject({ id: '-2', name: '全部(广州)', projectIds: '13', list: ['1', '20', '-2'] });
    expect(chooseStartProject(tree, { saved: { id: '-1', list: ['2', '-1'] } })?.name).toBe('全部(物业运营公司)');
  });

  it('drops a saved choice that is no longer in the tree', () => {
    expect(chooseStartProject(tree, { saved: { id: '14', list: ['1', '20', '14'] } })?.id).toBe('11');
    expect(chooseStartProject(tree, { saved: { id: '10', list: ['1', '10'] } })?.id).toBe('11');
    expect(chooseStartProject(tree, { saved: { id: '12', list: ['1', '10', '11'] } })?.id).toBe('11');
  });

  it("else the first city's first project, skipping the all entries and empty branches", () => {
    expect(chooseStartProject(tree, {})).toMatchObject({ id: '11', name: '深圳湾科技园', list: ['1', '10', '11'] });
    const emptyFirst = [node('5', '空公司', [node('-1', '全部(空公司)', undefined, '')]), ...tree.slice(1)];
    expect(firstProject(emptyFirst)?.map((n) => n.id)).toEqual(['2', '30', '31']);
    expect(chooseStartProject([], {})).toBeUndefined();
  });

  it('never hands out the children of the chosen node', () => {
    expect(chooseStartProject(tree, {})).not.toHaveProperty('children');
  });
});

describe('tree helpers', () => {
  it('names a node by its whole path, since all ids repeat', () => {
    expect(pathByIds(tree, ['1', '10', '-2'])?.map((n) => n.name)).toEqual(['城市服务集团', '深圳', '全部(深圳)']);
    expect(pathByIds(tree, ['2', '10'])).toBeUndefined();
    expect(pathByIds(tree, [])).toBeUndefined();
  });

  it('lets leaves be picked: projects and all entries, never a city', () => {
    expect(isSelectable(tree[0].children![1])).toBe(false);
    expect(isSelectable(tree[0].children![1].children![0])).toBe(true);
    expect(isSelectable(tree[0].children![1].children![1])).toBe(true);
  });

  it('stores the choice per tenant and user', () => {
    expect(projectStoreName('project-', '000000', '1')).toBe('project-000000-1');
  });
});
