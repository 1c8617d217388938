import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MESSAGES } from '@cloudstash/contract';
import RegisterPage from './RegisterPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The register screen with fetch answering `answer`; returns the fetch mock to inspect what was sent. */
function renderRegister(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it('sends an address a browser email field accepts (admin@localhost) and goes to login', async () => {
    const fetchMock = renderRegister({ status: 201, body: { message: MESSAGES.registerSuccess } });
    await fillAndSubmit('admin@localhost', 'Secret123');
    expect(await screen.findByText('login screen')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/register');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'admin@localhost' });
  });

  it('refuses an address without a domain before sending anything', async () => {
    const fetchMock = renderRegister({ status: 201, body: { message: MESSAGES.registerSuccess } });
    await fillAndSubmit('admin@', 'Secret123');
    expect(await screen.findByLabelText('Email')).toHaveProperty('ariaInvalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusing a common password under the password field', async () => {
    renderRegister({
      status: 400,
      body: {
        message: MESSAGES.passwordTooCommon,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'password', message: MESSAGES.passwordTooCommon }],
      },
    });
    await fillAndSubmit('ada@example.com', 'Password1');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const hintIds = password.getAttribute('aria-describedby')!.split(' ');
    const texts = hintIds.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain(MESSAGES.passwordTooCommon);
    expect(screen.queryByText('login screen')).toBeNull();
  });
});
