import type { AnyResourceDef } from '@wb/contracts/resource';
import type { ProjectNode } from '@wb/contracts/subapp-protocol';

/** The project list's filter by id (`ids=1,2`: the projects the picked node stands for). */
export const PROJECT_IDS_PARAM = 'ids';
/** The field of the records that belong to a project (vehicles, grids, devices …), searched with 'in'. */
export const PROJECT_FIELD = 'projectId';
/** No record has id 0: the filter of a node that stands for no project at all. */
export const NO_PROJECT = '0';

/**
 * Whether a node is the picker's placeholder ('请选择项目', id -1, no parent),
 * i.e. no project is chosen yet, as opposed to an 'all' entry that happens to
 * hold no project.
 */
export function isPlaceholder(node: ProjectNode | null | undefined): boolean {
  return !node || (!node.projectIds && !node.pid);
}

/** An 'all' entry of the picker (every project of a company or a city). */
export function isAllNode(node: ProjectNode | null | undefined): boolean {
  return !!node && Number(node.id) < 0;
}

/** The distinct ids a node stands for. */
export function projectIdsOf(node: ProjectNode | null | undefined): string[] {
  if (!node?.projectIds) return [];
  return [
    ...new Set(
      node.projectIds
        .split(',')
        .map((id) => id.trim())
        .filter((id) => /^\d+$/.test(id)),
    ),
  ];
}

/** Whether the picked project narrows a resource's list: projects themselves, and whatever belongs to a project. */
export function followsProject(def: AnyResourceDef): boolean {
  return def.name === 'project' || def.fields[PROJECT_FIELD]?.search === 'in';
}

/**
 * The list filters the selected project imposes on a resource of this app:
 * projects by id, records of a project by their project ('in' search); the rest
 * (companies, cities, suppliers) are not per project. No selection filters
 * nothing; a node without projects matches nothing.
 */
export function projectFilters(def: AnyResourceDef, node: ProjectNode | null | undefined): Record<string, string> {
  if (isPlaceholder(node) || !followsProject(def)) return {};
  const ids = projectIdsOf(node).join(',') || NO_PROJECT;
  return def.name === 'project' ? { [PROJECT_IDS_PARAM]: ids } : { [PROJECT_FIELD]: ids };
}

/**
 * What a new record of a resource starts with: the picked project as its 所属项目, when the
 * node stands for exactly one project (an 'all' entry leaves the choice to the user). A record
 * added outside the picked project would vanish from the list the moment it is saved.
 */
export function newRecordValues(def: AnyResourceDef, node: ProjectNode | null | undefined): Record<string, string> {
  if (isPlaceholder(node) || def.name === 'project' || def.fields[PROJECT_FIELD]?.form === false || !def.fields[PROJECT_FIELD]) return {};
  const ids = projectIdsOf(node);
  return ids.length === 1 ? { [PROJECT_FIELD]: ids[0] } : {};
}

/** Whether a saved record is among those the picked project's filter lists. */
export function listedUnder(def: AnyResourceDef, node: ProjectNode | null | undefined, record: Record<string, unknown>): boolean {
  const filters = projectFilters(def, node);
  if (!Object.keys(filters).length) return true;
  const ids = (filters[PROJECT_IDS_PARAM] ?? filters[PROJECT_FIELD]).split(',');
  return ids.includes(String(def.name === 'project' ? record.id : record[PROJECT_FIELD]));
}
