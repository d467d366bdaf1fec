import { create } from 'zustand';
import type { SelectedProject } from '@wb/contracts/project';
import { shellBus } from '../../shared/event-bus';
import { setStore } from '../../shared/storage';
import { PROJECT_STORE_PREFIX } from '../../shared/storage-names';
import { NO_PROJECT, projectStoreName, type SavedProject } from './project-choice';

interface ProjectState {
  /** the selected node; NO_PROJECT ('请选择项目', id -1, empty path) until the tree is read */
  current: SelectedProject;
}

export const useProject = create<ProjectState>()(() => ({ current: NO_PROJECT }));

export interface ProjectOwner {
  tenantId?: string;
  userId?: string;
}

export function savedProjectName(owner: ProjectOwner): string {
  return projectStoreName(PROJECT_STORE_PREFIX, owner.tenantId, owner.userId);
}

/**
 * Makes `project` the current one, saves it for this user and tells listeners
 * (sub-applications through the host): `project-change` with the node, and
 * `data-refresh` when the user picked it (start-up needs no refresh: nothing
 * was loaded for another project yet).
 */
export function applyProject(project: SelectedProject, owner: ProjectOwner, options: { refresh: boolean }): void {
  useProject.setState({ current: project });
  const saved: SavedProject = { id: project.id, list: project.list };
  setStore(savedProjectName(owner), saved);
  shellBus.emit('project-change', project);
  if (options.refresh) shellBus.emit('data-refresh');
}

/** The layout left (logout): the next user starts from nothing. */
export function resetProject(): void {
  useProject.setState({ current: NO_PROJECT });
}
