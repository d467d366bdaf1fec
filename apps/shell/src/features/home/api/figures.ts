import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

/** Vehicles and suppliers serving a project, counted from master data. */
export interface Figures {
  vehicleTotal: number;
  vehicleInService: number;
  supplierTotal: number;
}

/** GET /us/lsds/hd/screen/getHdBaseInfoByProjectId: the project (or, below zero, every project the user may pick) and its figures. */
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

export const baseInfoQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['home', 'base-info', projectId],
    queryFn: () => http.get<BaseInfo>('/us/lsds/hd/screen/getHdBaseInfoByProjectId', { projectId }, { silent: true }),
    staleTime: 60_000,
  });

/** GET /us/lsds/hd/screen/project-figures: every project the user may pick, with its figures. */
export const projectFiguresQuery = queryOptions({
  queryKey: ['home', 'project-figures'],
  queryFn: () => http.get<ProjectFigures[]>('/us/lsds/hd/screen/project-figures', undefined, { silent: true }),
  staleTime: 60_000,
});
