import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { ACCOUNT_MESSAGES, formatDate, type OutstandingInvite } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { OutstandingInvitesSection } from './OutstandingInvitesSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invite = (id: string, email: string | null, by = 'Ada Admin'): OutstandingInvite => ({
  _id: id,
  email,
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  createdBy: { _id: 'admin1', name: by },
});

/** A server holding `initial` outstanding invites: a revoke takes one out, as the real one does. */
function invitesServer(initial: OutstandingInvite[]) {
  let invites = [...initial];
  const calls: { method: string; path: string }[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://app').pathname.replace('/api/v1', '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (method === 'GET') return json({ message: ACCOUNT_MESSAGES.invitesFetched, data: invites });
      const id = path.split('/').at(-1);
      if (!invites.some((i) => i._id === id)) return json({ message: ACCOUNT_MESSAGES.inviteNotFound }, 404);
      invites = invites.filter((i) => i._id !== id);
      return json({ message: ACCOUNT_MESSAGES.inviteRevokedDone });
    }),
  );
  return calls;
}

function renderSection() {
  // The toaster asks whether motion is reduced; jsdom has no media queries.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <main id="main">
        <h1>Instance Settings</h1>
        <OutstandingInvitesSection />
      </main>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The wide screen's table (the phone's cards hold the same invites). */
const table = () => screen.getByRole('table', { name: 'Outstanding invites' });

describe('the outstanding invites list', () => {
  it('shows whom each invite is for, who made it and when it expires, in the table and the cards', async () => {
    invitesServer([invite('i1', 'bo@example.com'), invite('i2', null, '')]);
    renderSection();
    const row = (await within(await screen.findByRole('table')).findByText('bo@example.com')).closest('tr')!;
    expect(row.textContent).toContain('Ada Admin');
    expect(row.textContent).toContain(formatDate('2026-03-08T10:00:00.000Z'));
    const anyone = within(table()).getByText('Anyone with the link').closest('tr')!;
    // The server names no one once the account that made it is gone.
    expect(anyone.textContent).toContain('Unknown User');
    const cards = screen.getByRole('list', { name: 'Outstanding invites' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Anyone with the link')).toBeTruthy();
  });

  it('says so when no invite is outstanding', async () => {
    invitesServer([]);
    renderSection();
    await screen.findByText('No outstanding invites.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('revokes an invite after asking, then the list refreshes, a toast says so and focus moves on', async () => {
    const calls = invitesServer([invite('i1', 'bo@example.com'), invite('i2', null)]);
    renderSection();
    const revoke = await within(await screen.findByRole('table')).findByRole('button', {
      name: `Revoke invite for bo@example.com, expires ${formatDate('2026-03-08T10:00:00.000Z')}`,
    });
    fireEvent.click(revoke);
    // The dialog is drawn closed beforehand: what it names is what it is about now.
    expect(screen.getByText(/The invite for bo@example.com stops working at once/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke', hidden: true }));
    await waitFor(() => expect(within(table()).queryByText('bo@example.com')).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', path: '/admin/invites/i1' });
    expect(within(table()).getByText('Anyone with the link')).toBeTruthy();
    await screen.findByText(ACCOUNT_MESSAGES.inviteRevokedDone);
    // jsdom lays nothing out, so no row counts as shown: the heading takes focus, as it does when none is left.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('keeps the invite when the confirmation is cancelled', async () => {
    const calls = invitesServer([invite('i1', 'bo@example.com')]);
    renderSection();
    fireEvent.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: /^Revoke invite for bo/ }),
    );
    await screen.findByText(/The invite for bo@example.com/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText(/The invite for bo@example.com/)).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(within(table()).getByText('bo@example.com')).toBeTruthy();
  });
});
