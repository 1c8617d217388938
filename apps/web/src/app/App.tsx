import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { appRoutes } from './router';

// One of each for the page's life, made as the entry module runs: the router starts the first screen's
// requests (see ./prefetch) before React has rendered anything.
const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes(queryClient));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
