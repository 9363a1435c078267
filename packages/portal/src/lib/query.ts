import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. Errors are already reported by the API client's generic handler, so queries do not
 * retry a failed call on their own (a 401 or 307 must not be repeated) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
