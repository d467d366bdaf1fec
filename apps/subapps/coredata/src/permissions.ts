import { queryOptions } from '@tanstack/react-query';
import { flattenButtonCodes, type ButtonNode } from '@wb/contracts/menu';
import { get } from './request';

/** The signed-in user's button codes, from the same call the shell makes. */
export const buttonsQuery = queryOptions({
  queryKey: ['buttons'],
  queryFn: async () => flattenButtonCodes(await get<ButtonNode[] | null>('/us-system/menu/buttons')),
  staleTime: 5 * 60_000,
});
