import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and stats change only through this app's own mutations, which invalidate them.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A failed read shows the screen's failure text at once instead of after several silent retries.
        retry: false,
      },
    },
  });
}
