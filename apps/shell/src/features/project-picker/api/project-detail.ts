import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

export interface ProjectDetail {
  id: string;
  name: string;
  logoUrl: string;
  tririgaCode: string;
  cityId: string;
  cityName: string;
  companyId: string;
  companyName: string;
}

/** GET /wwy-us-mdm/api/v1/wx/mdmProject/{id}; only projects have details (not the 'all' entries). */
export function projectDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['project', 'detail', id],
    queryFn: () => http.get<ProjectDetail>(`/wwy-us-mdm/api/v1/wx/mdmProject/${encodeURIComponent(id)}`, undefined, { silent: true }),
    enabled: /^\d+$/.test(id),
    staleTime: 5 * 60_000,
  });
}
