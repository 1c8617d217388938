import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from './account-cache';

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleUnauthorized(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => handleUnauthorized(queryClient, error) }),
    defaultOptions: {
      queries: {
        // Lists and stats change only through this app's own mutations, which invalidate them.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A failed read shows the screen's failure text at once instead of after several silent retries.
        retry: false,
      },
      mutations: {
        // Offline, a change would otherwise wait in silence (a spinner) and apply minutes later without a word:
        // it fails at once with its error toast instead, and the offline banner says why.
        networkMode: 'always',
      },
    },
  });
  return queryClient;
}
