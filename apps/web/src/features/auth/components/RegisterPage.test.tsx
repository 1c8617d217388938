import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ACCOUNT_MESSAGES, MESSAGES, type InviteStatus, type RegistrationMode } from '@cloudstash/contract';
import RegisterPage from './RegisterPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The register screen with registration `mode`, the link's invite said to be `invite` (or its check failing)
 * and the registration itself answering `answer`; returns the calls to the register endpoint, to inspect what
 * was sent.
 */
function renderRegister(
  answer: { status: number; body: unknown },
  {
    mode = 'open',
    at = '/register',
    invite = { state: 'usable', email: null },
  }: { mode?: RegistrationMode; at?: string; invite?: InviteStatus | 'unreachable' } = {},
) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/users/registration')
      ? json(200, { message: 'ok', data: { mode } })
      : url.includes('/users/invites/')
        ? invite === 'unreachable'
          ? json(500, { message: 'Internal server error' })
          : json(200, { message: ACCOUNT_MESSAGES.inviteFetched, data: invite })
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

  it.each([
    ['used', ACCOUNT_MESSAGES.inviteUsed],
    ['revoked', ACCOUNT_MESSAGES.inviteRevoked],
    ['expired', ACCOUNT_MESSAGES.inviteExpired],
    ['invalid', ACCOUNT_MESSAGES.inviteInvalid],
  ] as const)(
    'says at once that a %s invite cannot be used, with no form to fill',
    async (state, message) => {
      renderRegister(
        { status: 201, body: {} },
        { mode: 'invite', at: '/register?invite=tok123', invite: { state, email: null } },
      );
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
      expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
      expect(screen.queryByLabelText('Name')).toBeNull();
      expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toBeTruthy();
    },
  );

  it('asks about the link it was opened with, before anything is typed', async () => {
    renderRegister({ status: 201, body: {} }, { mode: 'invite', at: '/register?invite=tok%2F123' });
    await screen.findByLabelText('Name');
    const urls = (vi.mocked(fetch).mock.calls as unknown as [string][]).map(([url]) => url);
    expect(urls).toContain('/api/v1/users/invites/tok%2F123');
  });

  it('on an open instance offers to register without a revoked invite', async () => {
    renderRegister(
      { status: 201, body: {} },
      { mode: 'open', at: '/register?invite=tok123', invite: { state: 'revoked', email: null } },
    );
    await screen.findByText(ACCOUNT_MESSAGES.inviteRevoked);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Register without an invite' }));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.inviteRevoked)).toBeNull();
  });

  it('fills in and keeps the address an invite is for, and registers with it', async () => {
    const registerCalls = renderRegister(
      { status: 201, body: { message: MESSAGES.registerSuccess } },
      { mode: 'invite', at: '/register?invite=tok123', invite: { state: 'usable', email: 'bo@example.com' } },
    );
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveProperty('value', 'bo@example.com');
    expect(email).toHaveProperty('readOnly', true);
    const hints = email.getAttribute('aria-describedby')!.split(' ');
    expect(hints.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This invite is for bo@example.com',
    );
    const user = userEvent.setup();
    await user.type(email, 'x');
    expect(email).toHaveProperty('value', 'bo@example.com');
    await user.type(screen.getByLabelText('Name'), 'Bo');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('login screen');
    expect(JSON.parse(String(registerCalls()[0]![1].body))).toMatchObject({
      email: 'bo@example.com',
      invite: 'tok123',
    });
  });

  it('shows the form when the invite cannot be checked: the server still decides', async () => {
    renderRegister(
      { status: 201, body: {} },
      { mode: 'invite', at: '/register?invite=tok123', invite: 'unreachable' },
    );
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
  });
});
