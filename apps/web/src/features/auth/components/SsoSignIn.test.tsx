import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SSO_ERROR_MESSAGES, type AuthProviders } from '@cloudstash/contract';
import { queryKeys } from '../../../api/query-keys';
import { SsoSignIn } from './SsoSignIn';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The single sign-on part of the login page at `url`, with the server naming `providers`. */
function renderAt(url: string, providers: AuthProviders, invite?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'ok', data: providers }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/login', element: <SsoSignIn invite={invite} /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

describe('SsoSignIn', () => {
  it('offers the provider by its label, as a link to the start of the flow', async () => {
    renderAt('/login', { oidc: { label: 'Acme ID', createsAccounts: false } });
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/start');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing to click when no provider is configured', async () => {
    const client = renderAt('/login', { oidc: null });
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.authProviders)?.status).toBe('success'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('explains why the last attempt came back, and falls back to a general sentence for unknown codes', async () => {
    renderAt('/login?sso_error=email_unverified', { oidc: { label: 'Acme ID', createsAccounts: false } });
    expect((await screen.findByRole('alert')).textContent).toBe(SSO_ERROR_MESSAGES.email_unverified);
    cleanup();
    renderAt('/login?sso_error=%3Cscript%3E', { oidc: null });
    expect((await screen.findByRole('alert')).textContent).toBe(SSO_ERROR_MESSAGES.provider);
  });

  it('carries an invite to the start when single sign-on may create accounts, and hides itself otherwise', async () => {
    renderAt('/login', { oidc: { label: 'Acme ID', createsAccounts: true } }, 'invite-token_1');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/start?invite=invite-token_1');
    cleanup();
    const client = renderAt(
      '/login',
      { oidc: { label: 'Acme ID', createsAccounts: false } },
      'invite-token_1',
    );
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.authProviders)?.status).toBe('success'));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
