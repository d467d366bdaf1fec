import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for server state. Failures already show a message from the request
 * client, so queries do not retry by themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
