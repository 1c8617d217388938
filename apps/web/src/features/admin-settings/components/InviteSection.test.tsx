import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { InviteSection } from './InviteSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = { url: 'http://app/register?invite=abc', expiresAt: '2026-03-08T10:00:00.000Z' };

/** The section with a server that makes one link per request; returns the bodies it was sent. */
function renderSection() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      const data = { ...link, invites: [link] };
      return new Response(JSON.stringify({ message: ACCOUNT_MESSAGES.inviteCreated, data }), { status: 201 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteSection />
    </QueryClientProvider>,
  );
  return sent;
}

describe('making an invite link', () => {
  it('binds the link to an address when one is given, says so, and leaves the next one for anyone', async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email (optional)'), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Make invite link' }));
    expect(await screen.findByLabelText('Invite link')).toHaveProperty('value', link.url);
    expect(screen.getByText('Only bo@example.com may register with it.')).toBeTruthy();
    expect(sent).toEqual([{ count: 1, email: 'bo@example.com' }]);
    expect(screen.getByLabelText('Email (optional)')).toHaveProperty('value', '');
  });

  it('sends only a count when no address is given', async () => {
    const sent = renderSection();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Make invite link' }));
    await screen.findByLabelText('Invite link');
    expect(sent).toEqual([{ count: 1 }]);
    expect(screen.queryByText(/may register with it/)).toBeNull();
  });

  it('makes one link only for an address, and says why while the count is more', async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email (optional)'), 'bo@example.com');
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '3');
    expect(screen.getByText(ACCOUNT_MESSAGES.inviteEmailOneLink)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make 3 invite links' })).toHaveProperty('disabled', true);
    expect(sent).toHaveLength(0);
  });

  it('refuses an address that is not one before sending, and focuses it', async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email (optional)'), 'bo@');
    await user.click(screen.getByRole('button', { name: 'Make invite link' }));
    const email = screen.getByLabelText('Email (optional)');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(sent).toHaveLength(0);
  });
});
