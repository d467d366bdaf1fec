import { queryOptions } from '@tanstack/react-query';
import type { ProjectTreeNode } from '@wb/contracts/project';
import { http } from '../../../shared/request';

/** GET /us-system/old-system/project-tree: company → city → project of the user's tenant. */
export const projectTreeQuery = queryOptions({
  queryKey: ['project', 'tree'],
  queryFn: async () => (await http.get<ProjectTreeNode[] | null>('/us-system/old-system/project-tree')) ?? [],
  staleTime: 5 * 60_000,
});
