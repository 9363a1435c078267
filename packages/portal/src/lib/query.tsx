import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { onLogout } from './logout.ts';

/**
 * Server state. Errors are already reported by the API client's generic handler, so queries do not
 * retry a failed call on their own (a 401 or 307 must not be repeated) and do not refetch on focus.
 * The library loads with the screens that use it: each wraps itself with `withQueryClient`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
onLogout.add(() => queryClient.clear());

export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}
