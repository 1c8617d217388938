import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import LoginPage from './LoginPage';
import { sampleUser } from '../../../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The login screen against a server that asks for a code and accepts only `goodCode`. */
function renderLogin(goodCode: string) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/users/login')) {
      return json(200, { message: ACCOUNT_MESSAGES.totpRequired, data: { totpRequired: true } });
    }
    if (url.endsWith('/users/login/totp')) {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code === goodCode
        ? json(200, { message: MESSAGES.loginSuccess, data: sampleUser })
        : json(401, { message: ACCOUNT_MESSAGES.totpCodeInvalid, code: 'UNAUTHENTICATED' });
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>dashboard screen</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

/** What the page sent to sign in (it also asks, on its own, which single sign-on providers exist). */
const signInCalls = (fetchMock: ReturnType<typeof renderLogin>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/v1/users/'));

// Two steps of typing on a machine shared with other work: a generous limit, not a speed check.
describe('LoginPage with two-factor sign-in', { timeout: 30_000 }, () => {
  it('asks for a code after the password, shows a refused code, then signs in with a good one', async () => {
    const fetchMock = renderLogin('123456');
    const person = userEvent.setup({ delay: null });
    await person.type(screen.getByLabelText('Email'), 'ada@example.com');
    await person.type(screen.getByLabelText('Password'), 'Secret123');
    await person.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code');
    await person.type(code, '000000');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.totpCodeInvalid);
    expect(screen.queryByText('dashboard screen')).toBeNull();

    await person.clear(code);
    await person.type(code, '123456');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('dashboard screen');
    expect(signInCalls(fetchMock)).toEqual([
      '/api/v1/users/login',
      '/api/v1/users/login/totp',
      '/api/v1/users/login/totp',
    ]);
  });

  it('refuses an empty code before sending it', async () => {
    const fetchMock = renderLogin('123456');
    const person = userEvent.setup({ delay: null });
    await person.type(screen.getByLabelText('Email'), 'ada@example.com');
    await person.type(screen.getByLabelText('Password'), 'Secret123');
    await person.click(screen.getByRole('button', { name: 'Login' }));
    await person.click(await screen.findByRole('button', { name: 'Verify' }));
    expect((await screen.findByLabelText('Code')).getAttribute('aria-invalid')).toBe('true');
    expect(signInCalls(fetchMock)).toEqual(['/api/v1/users/login']);
  });
});

/** The login screen against a server that refuses every password with `message`. */
function renderRefusingLogin(message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/users/login') ? json(401, { message, code: 'UNAUTHENTICATED' }) : json(404, {}),
    ),
  );
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('LoginPage errors', { timeout: 30_000 }, () => {
  it('on an empty submit moves focus to the first invalid field', async () => {
    renderRefusingLogin('Invalid email or password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it('keeps the server’s refusal beside the form in an alert', async () => {
    renderRefusingLogin('Invalid email or password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
  });
});
