import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { User } from '@cloudstash/contract';
import { queryKeys } from '../api/query-keys';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (role: User['role']): User => ({
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

/** Renders the guard tree at `path` with the session already known (or unknown when `session` is undefined). */
function renderAt(path: string, session?: User | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (session !== undefined) client.setQueryData(queryKeys.me, session);
  else
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  const page = (text: string) => <p>{text}</p>;
  const router = createMemoryRouter(
    [
      { path: '/', element: page('landing') },
      { element: <GuestOnly />, children: [{ path: '/login', element: page('login screen') }] },
      {
        path: '/dashboard',
        element: <RequireAuth />,
        children: [
          { index: true, element: page('profile screen') },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [{ path: 'users', element: page('user management') }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('route guards', () => {
  it('shows a loading indicator while the session is unknown', () => {
    renderAt('/dashboard');
    expect(screen.getByRole('status').textContent).toMatch(/Checking your session/);
  });

  it('sends a signed-out visitor from /dashboard to /login', async () => {
    renderAt('/dashboard', null);
    await screen.findByText('login screen');
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    renderAt('/login', user('user'));
    await screen.findByText('profile screen');
  });

  it('sends a standard user away from admin routes to /dashboard', async () => {
    renderAt('/dashboard/admin/users', user('user'));
    await screen.findByText('profile screen');
  });

  it('lets an administrator in', async () => {
    renderAt('/dashboard/admin/users', user('admin'));
    await screen.findByText('user management');
  });

  it('sends a signed-out visitor from an admin route to /login', async () => {
    renderAt('/dashboard/admin/users', null);
    await screen.findByText('login screen');
  });
});
