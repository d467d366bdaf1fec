import { ALL_OF_CITY_ID, ALL_OF_COMPANY_ID, type ProjectTreeNode, type SelectedProject } from '@wb/contracts/project';

/** Pure rules of the project picker: the nodes, the map zoom of a node, the start-up choice. */

/** Before the tree arrives (and for a user without projects): id -1, '请选择项目', no path. */
export const NO_PROJECT: SelectedProject = {
  id: ALL_OF_COMPANY_ID,
  pid: '',
  label: '请选择项目',
  name: '请选择项目',
  code: '',
  tririgaCode: '',
  tenantId: '',
  projectIds: '',
  projectCity: '',
  projectTririgaCodes: '',
  logoUrl: '',
  list: [],
};

export interface MapZoom {
  zoom: number;
  level: 1 | 2 | 3;
}

/** -1 (a company's 'all') → zoom 5, level 1; -2 (a city's 'all') → zoom 10, level 2; a project → zoom 13, level 3. */
export function mapZoom(id: string | number): MapZoom {
  const key = String(id);
  if (key === ALL_OF_COMPANY_ID) return { zoom: 5, level: 1 };
  if (key === ALL_OF_CITY_ID) return { zoom: 10, level: 2 };
  return { zoom: 13, level: 3 };
}

export function isAllEntry(node: Pick<ProjectTreeNode, 'id'>): boolean {
  return Number(node.id) < 0;
}

/** Only leaves can be picked: a project, or a company's or city's 'all' entry. */
export function isSelectable(node: ProjectTreeNode): boolean {
  return !node.children?.length && (isAllEntry(node) || !!node.projectIds);
}

export function toSelected(path: ProjectTreeNode[]): SelectedProject {
  const { children: _children, ...node } = path[path.length - 1];
  return { ...node, list: path.map((n) => n.id) };
}

/** The nodes along `ids` from the root; 'all' ids repeat across branches, so only a whole path names a node. */
export function pathByIds(tree: ProjectTreeNode[], ids: string[]): ProjectTreeNode[] | undefined {
  const path: ProjectTreeNode[] = [];
  let level: ProjectTreeNode[] | undefined = tree;
  for (const id of ids) {
    const node: ProjectTreeNode | undefined = level?.find((n) => n.id === id);
    if (!node) return undefined;
    path.push(node);
    level = node.children;
  }
  return path.length ? path : undefined;
}

/** Depth-first path to the first node `match` accepts. */
export function findPath(tree: ProjectTreeNode[], match: (node: ProjectTreeNode) => boolean, trail: ProjectTreeNode[] = []): ProjectTreeNode[] | undefined {
  for (const node of tree) {
    const path = [...trail, node];
    if (match(node)) return path;
    const found = node.children?.length ? findPath(node.children, match, path) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The first city's first project (the 'all' entries skipped), looking further when a company or city is empty. */
export function firstProject(tree: ProjectTreeNode[]): ProjectTreeNode[] | undefined {
  for (const company of tree) {
    for (const city of (company.children ?? []).filter((c) => !isAllEntry(c))) {
      const project = (city.children ?? []).find((p) => !isAllEntry(p) && isSelectable(p));
      if (project) return [company, city, project];
    }
  }
  return undefined;
}

export interface SavedProject {
  id: string;
  list: string[];
}

/**
 * Start-up choice: the `projectId` query parameter (a project id; the
 * ids of 'all' entries repeat, so they cannot be named this way); else the saved
 * choice if it is still in the tree; else the first city's first project.
 */
export function chooseStartProject(tree: ProjectTreeNode[], input: { queryId?: string | null; saved?: SavedProject | null }): SelectedProject | undefined {
  const queryId = input.queryId?.trim();
  if (queryId && !queryId.startsWith('-')) {
    const path = findPath(tree, (node) => node.id === queryId && isSelectable(node));
    if (path) return toSelected(path);
  }
  const saved = input.saved;
  if (saved && Array.isArray(saved.list) && saved.list[saved.list.length - 1] === saved.id) {
    const path = pathByIds(tree, saved.list);
    if (path && isSelectable(path[path.length - 1])) return toSelected(path);
  }
  const first = firstProject(tree);
  return first ? toSelected(first) : undefined;
}

/** The wrapped storage name of a user's choice: per tenant and user. */
export function projectStoreName(prefix: string, tenantId: string | undefined, userId: string | undefined): string {
  return `${prefix}${tenantId ?? ''}-${userId ?? ''}`;
}
