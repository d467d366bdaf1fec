import { queryOptions } from '@tanstack/react-query';
import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { http } from '../../../shared/request';
import { orderRegistry } from '../registry';

/**
 * GET /us-system/sub-app/registry: the sub-apps of the user's tenant, default
 * first (docs/subapp-protocol.md §1). Read once per session; an administrator's change reaches
 * a shell at its next login or reload.
 */
export const subAppRegistryQuery = queryOptions({
  queryKey: ['sub-app', 'registry'],
  queryFn: async () => orderRegistry((await http.get<SubAppDescriptor[] | null>('/us-system/sub-app/registry')) ?? []),
  staleTime: Infinity,
});
