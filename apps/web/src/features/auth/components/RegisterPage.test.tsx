import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ACCOUNT_MESSAGES, MESSAGES, type RegistrationMode } from '@cloudstash/contract';
import RegisterPage from './RegisterPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The register screen with registration `mode` and the registration itself answering `answer`; returns the
 * calls to the register endpoint, to inspect what was sent.
 */
function renderRegister(
  answer: { status: number; body: unknown },
  { mode = 'open', at = '/register' }: { mode?: RegistrationMode; at?: string } = {},
) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/users/registration')
      ? json(200, { message: 'ok', data: { mode } })
      : json(answer.status, answer.body),
  );
  vi.stubGlobal('fetch', fetchMock);
  const registerCalls = () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.endsWith('/register'));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return registerCalls;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByLabelText('Name');
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it('sends an address a browser email field accepts (admin@localhost) and goes to login', async () => {
    const registerCalls = renderRegister({ status: 201, body: { message: MESSAGES.registerSuccess } });
    await fillAndSubmit('admin@localhost', 'Secret123');
    await screen.findByText('login screen');
    const [url, init] = registerCalls()[0]!;
    expect(url).toBe('/api/v1/users/register');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'admin@localhost' });
  });

  it('refuses an address without a domain before sending anything', async () => {
    const registerCalls = renderRegister({ status: 201, body: { message: MESSAGES.registerSuccess } });
    await fillAndSubmit('admin@', 'Secret123');
    expect(await screen.findByLabelText('Email')).toHaveProperty('ariaInvalid', 'true');
    expect(registerCalls()).toHaveLength(0);
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
    // The rule is met: its hint keeps its normal colour; only the refusal is red, and focus is on the field.
    expect(screen.getByText(MESSAGES.passwordRule).className).not.toContain('text-error');
    expect(
      screen.getAllByText(MESSAGES.passwordTooCommon).some((el) => el.className.includes('text-error')),
    ).toBe(true);
    expect(document.activeElement).toBe(password);
    // The server's answer also stays beside the form, where a screen reader hears it.
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(MESSAGES.passwordTooCommon);
  });

  it('on an empty submit focuses the first invalid field and reddens only the hints that are the errors', async () => {
    const registerCalls = renderRegister({ status: 201, body: { message: MESSAGES.registerSuccess } });
    const user = userEvent.setup();
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByText(MESSAGES.nameRequired).className).toContain('text-error');
    expect(registerCalls()).toHaveLength(0);
  });

  it('says sign-up is closed and offers no form when registration is closed', async () => {
    renderRegister({ status: 201, body: {} }, { mode: 'closed' });
    await screen.findByText(ACCOUNT_MESSAGES.registrationClosed);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('asks for an invite link when registration is by invite and none was given', async () => {
    renderRegister({ status: 201, body: {} }, { mode: 'invite' });
    await screen.findByText(ACCOUNT_MESSAGES.inviteRequired);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('sends the invite of the link with the registration', async () => {
    const registerCalls = renderRegister(
      { status: 201, body: { message: MESSAGES.registerSuccess } },
      { mode: 'invite', at: '/register?invite=tok123' },
    );
    await fillAndSubmit('ada@example.com', 'Secret123');
    await screen.findByText('login screen');
    expect(JSON.parse(String(registerCalls()[0]![1].body))).toMatchObject({ invite: 'tok123' });
  });
});
