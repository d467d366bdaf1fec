import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

/** Vehicles and suppliers serving a project, counted from master data; null where the user may not read them. */
export interface Figures {
  vehicleTotal: number | null;
  vehicleInService: number | null;
  supplierTotal: number | null;
}

/**
 * GET /us/lsds/hd/screen/getHdBaseInfoByProjectId: the project, or the projects an 'all' entry of the
 * picker holds (its projectIds), or every project the user may pick; the city and company are named
 * when the projects share one.
 */
export interface BaseInfo extends Figures {
  projectId: string;
  projectName: string;
  cityName: string;
  companyName: string;
  projectTotal: number;
}

export interface ProjectFigures extends Figures {
  projectId: string;
  projectName: string;
  cityName: string;
  companyName: string;
}

/** What the figures are of: a project (id > 0), else the projects `projectIds` names, else all. */
export interface FiguresScope {
  id: string;
  projectIds?: string;
}

const within = (scope: FiguresScope) => (Number(scope.id) > 0 ? { projectId: scope.id } : scope.projectIds ? { projectId: scope.id, projectIds: scope.projectIds } : {});

export const baseInfoQuery = (scope: FiguresScope) =>
  queryOptions({
    queryKey: ['home', 'base-info', scope.id, scope.projectIds ?? ''],
    queryFn: () => http.get<BaseInfo>('/us/lsds/hd/screen/getHdBaseInfoByProjectId', within(scope), { silent: true }),
    staleTime: 60_000,
  });

/** GET /us/lsds/hd/screen/project-figures: each project the user may pick (those the picked entry holds), with its figures. */
export const projectFiguresQuery = (scope: FiguresScope) =>
  queryOptions({
    queryKey: ['home', 'project-figures', scope.id, scope.projectIds ?? ''],
    queryFn: () => {
      const projectIds = Number(scope.id) > 0 ? scope.id : scope.projectIds;
      return http.get<ProjectFigures[]>('/us/lsds/hd/screen/project-figures', projectIds ? { projectIds } : undefined, { silent: true });
    },
    staleTime: 60_000,
  });
