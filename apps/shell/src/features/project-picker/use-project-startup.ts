import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session-store';
import { getStore } from '../../shared/storage';
import { projectTreeQuery } from './api/project-tree';
import { chooseStartProject, pathByIds, type SavedProject } from './project-choice';
import { applyProject, resetProject, savedProjectName, useProject } from './project-store';

/**
 * Chooses the project when the signed-in shell starts: the `projectId` of
 * the address the shell was opened with, else
 * the user's saved choice, else the first city's first project.
 */
export function useProjectStartup(): void {
  const tree = useQuery(projectTreeQuery);
  const userId = useSession((s) => s.userInfo?.user_id);
  const tenantId = useSession((s) => s.tenantId);
  // The address the shell was opened with; later navigation does not re-pick.
  const queryId = useRef(new URLSearchParams(window.location.search).get('projectId'));

  useEffect(() => resetProject, []);

  useEffect(() => {
    if (!tree.data) return;
    const owner = { tenantId, userId };
    const current = useProject.getState().current;
    // Still valid (the tree was refetched): keep it.
    if (current.list.length && pathByIds(tree.data, current.list)) return;
    const saved = getStore<SavedProject>(savedProjectName(owner));
    const choice = chooseStartProject(tree.data, { queryId: queryId.current, saved });
    queryId.current = null;
    if (choice) applyProject(choice, owner, { refresh: false });
  }, [tree.data, tenantId, userId]);
}
