import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SHARE_MESSAGES, type Group, type Share, type SharePerson } from '@cloudstash/contract';
import { createQueryClient } from '../../api/query-client';
import type { ShareTarget } from '../../api/shares';
import { fakeApi, type ApiCall } from '../../test-support';
import { ShareDialog } from './ShareDialog';
import { CHOOSE_SOMEONE } from './ShareForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bob: SharePerson = { _id: 'u2', name: 'Bob Stone', email: 'bob@example.com' };
const marketing: Group = { _id: 'g1', name: 'Marketing', memberCount: 3, createdAt: '2026-01-01T00:00:00Z' };
const shareOf = (id: string, grantee: Share['grantee'], role: Share['role'] = 'viewer'): Share => ({
  _id: id,
  itemKind: 'folder',
  itemId: 'd1',
  grantee,
  role,
  reshare: false,
  createdAt: '2026-01-01T00:00:00Z',
  manageable: true,
});

/** A server whose item is shared with `initial`; a new share joins the list, a removed one leaves it. */
function shareServer(initial: Share[], people: SharePerson[] = [bob], groups: Group[] = [marketing]) {
  let shares = [...initial];
  return fakeApi((call: ApiCall) => {
    if (call.path === '/shares' && call.method === 'GET') return { body: { message: 'ok', data: shares } };
    if (call.path === '/shares/people') {
      const q = call.query.q!.toLowerCase();
      return {
        body: { data: people.filter((p) => p.name.toLowerCase().includes(q) || p.email.includes(q)) },
      };
    }
    if (call.path === '/shares/groups') {
      return {
        body: { data: groups.filter((g) => g.name.toLowerCase().includes(call.query.q!.toLowerCase())) },
      };
    }
    if (call.path === '/shares' && call.method === 'POST') {
      const body = call.body as { userId?: string; email?: string; role: Share['role'] };
      if (body.email) return { status: 404, body: { message: SHARE_MESSAGES.personNotFound } };
      const created = shareOf('s-new', { kind: 'user', ...bob }, body.role);
      shares = [...shares, created];
      return { status: 201, body: { message: SHARE_MESSAGES.created, data: created } };
    }
    if (call.path.startsWith('/shares/') && call.method === 'DELETE') {
      shares = shares.filter((share) => `/shares/${share._id}` !== call.path);
      return { body: { message: SHARE_MESSAGES.deleted } };
    }
    if (call.path.startsWith('/shares/') && call.method === 'PATCH') {
      return { body: { message: SHARE_MESSAGES.updated, data: shares[0] } };
    }
    return undefined;
  });
}

const folder: ShareTarget = { kind: 'folder', id: 'd1', name: 'Plans' };
const file: ShareTarget = { kind: 'file', id: 'f1', name: 'budget.xlsx' };

function renderDialog(target: ShareTarget = folder) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ShareDialog target={target} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // jsdom has no modal dialogs: the dialog's contents count as hidden, so queries ask for hidden elements too.
  return screen.getByRole('combobox', { name: 'Add people or groups', hidden: true });
}

const access = () => screen.findByRole('list', { name: 'Who has access', hidden: true });

describe('the Share dialog', () => {
  it('is titled after the item and lists who has access: people with their email, groups with their size', async () => {
    shareServer([
      shareOf('s1', { kind: 'user', ...bob }, 'editor'),
      shareOf('s2', { kind: 'group', ...marketing }),
    ]);
    renderDialog();
    // The dialog is labelled by this heading (jsdom names no closed dialog, so the heading is asked for).
    const title = screen.getByRole('heading', { name: 'Share Plans', hidden: true });
    expect(screen.getByRole('dialog', { hidden: true }).getAttribute('aria-labelledby')).toBe(title.id);
    const list = await access();
    expect(within(list).getByText('bob@example.com')).toBeTruthy();
    expect(within(list).getByText('Group · 3 members')).toBeTruthy();
    const role = within(list).getByRole('combobox', { name: 'Role of Bob Stone', hidden: true });
    expect((role as HTMLSelectElement).value).toBe('editor');
  });

  it('finds people and groups as one types, and shares with the one picked, in the role chosen', async () => {
    const calls = shareServer([]);
    const field = renderDialog();
    await screen.findByText('Only you have access so far.');
    fireEvent.change(field, { target: { value: 'bo' } });
    const option = await screen.findByRole('option', { name: /Bob Stone/, hidden: true });
    expect(screen.getByRole('group', { name: 'People', hidden: true })).toBeTruthy();
    fireEvent.click(option);
    expect((field as HTMLInputElement).value).toBe('Bob Stone');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share', hidden: true }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/shares',
          body: { folderId: 'd1', userId: 'u2', role: 'editor' },
        }),
      ),
    );
    // The new row arrives with the refreshed list, and the search is ready for the next person.
    expect(await within(await access()).findByText('Bob Stone')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    // jsdom runs no dialog: the combobox is the focused field once the share is made.
    expect(document.activeElement).toBe(field);
  });

  it('walks the results with the arrow keys and picks with Enter; Escape closes only the list', async () => {
    shareServer([]);
    const field = renderDialog();
    fireEvent.change(field, { target: { value: 'e' } });
    await screen.findByRole('option', { name: /Marketing/, hidden: true });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Marketing/, hidden: true }).id,
    );
    // Handled (so the dialog around it stays open), and the list closes.
    expect(fireEvent.keyDown(field, { key: 'Escape' })).toBe(false);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText(/Sharing with/)).toBeTruthy();
  });

  it('changes a role and removes access from the rows', async () => {
    const calls = shareServer([shareOf('s1', { kind: 'user', ...bob })]);
    renderDialog();
    const list = await access();
    fireEvent.change(within(list).getByRole('combobox', { name: 'Role of Bob Stone', hidden: true }), {
      target: { value: 'editor' },
    });
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Bob Stone', hidden: true }));
    await screen.findByText('Only you have access so far.');
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PATCH', path: '/shares/s1', body: { role: 'editor' } }),
    );
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/shares/s1' }));
  });

  it('says when nobody matches, and offers a public link for a file', async () => {
    shareServer([]);
    const field = renderDialog(file);
    fireEvent.change(field, { target: { value: 'zed' } });
    expect(await screen.findByText(/No account or group matches “zed”/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Make a public link instead', hidden: true });
    expect(link.getAttribute('href')).toBe('/dashboard/file/f1');
  });

  it('sends a whole email typed out, and says so when no account has it', async () => {
    const calls = shareServer([], []);
    const field = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Share', hidden: true }));
    expect(screen.getByText(CHOOSE_SOMEONE)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share', hidden: true }));
    expect(await screen.findByText(/No account has the email “nobody@example.com”/)).toBeTruthy();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        body: { folderId: 'd1', email: 'nobody@example.com', role: 'viewer' },
      }),
    );
    // Someone without an account is reached by the folder's public link, or an invite an administrator makes.
    expect(screen.getByText(/give them a public link to this folder/)).toBeTruthy();
    expect(screen.getByText(/ask an administrator for an invite/)).toBeTruthy();
  });
});
