/**
 * Project tree node of GET /us-system/old-system/project-tree:
 * company → city → project. Each company's first child is its 'all' entry (id
 * '-1'), each city's first child is its 'all' entry (id '-2'); ids below zero
 * stand for 'all'. The shell sends the selected node to sub-applications in the
 * `project-change` event (it fits subapp-protocol.ts ProjectNode).
 */
export interface ProjectTreeNode {
  id: string;
  pid: string;
  label: string;
  name: string;
  code: string;
  tririgaCode: string;
  tenantId: string;
  /** comma-joined ids of the projects the node stands for (a project: itself) */
  projectIds: string;
  projectCity: string;
  projectTririgaCodes: string;
  logoUrl: string;
  children?: ProjectTreeNode[];
}

/** The selected node as the shell keeps it: the node plus the ids of its path from the root. */
export interface SelectedProject extends Omit<ProjectTreeNode, 'children'> {
  list: string[];
}

export const ALL_OF_COMPANY_ID = '-1';
export const ALL_OF_CITY_ID = '-2';
