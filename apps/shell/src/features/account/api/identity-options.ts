import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/request';

export interface IdentityOption {
  id: string;
  name: string;
}

/** GET /us-system/dept/select and /us-system/role/select: only the user's own depts and roles. */
export const deptOptionsQuery = queryOptions({
  queryKey: ['account', 'dept-options'],
  queryFn: async () => (await http.get<IdentityOption[] | null>('/us-system/dept/select')) ?? [],
});

export const roleOptionsQuery = queryOptions({
  queryKey: ['account', 'role-options'],
  queryFn: async () => (await http.get<IdentityOption[] | null>('/us-system/role/select')) ?? [],
});
