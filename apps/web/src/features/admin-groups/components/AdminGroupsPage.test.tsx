import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { GROUP_MESSAGES, type GroupWithMembers, type SharePerson } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi, sampleUser, type ApiCall } from '../../../test-support';
import AdminGroupsPage from './AdminGroupsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ann: SharePerson = { _id: 'u2', name: 'Ann Lee', email: 'ann@example.com' };
const group = (id: string, name: string, members: SharePerson[] = []): GroupWithMembers => ({
  _id: id,
  name,
  memberCount: members.length,
  createdAt: '2026-02-01T00:00:00.000Z',
  members,
});

/** The instance's groups on a fake server: created, renamed, given members and deleted as the real one does. */
function groupServer(initial: GroupWithMembers[]) {
  let groups = [...initial];
  const answer = (call: ApiCall) => {
    const id = call.path.split('/')[3];
    const body = call.body as { name?: string; memberIds?: string[] } | undefined;
    if (call.path === '/admin/groups' && call.method === 'GET') return { body: { data: groups } };
    if (call.path === '/admin/groups' && call.method === 'POST') {
      if (groups.some((g) => g.name.toLowerCase() === body!.name!.toLowerCase())) {
        return { status: 409, body: { message: GROUP_MESSAGES.nameTaken } };
      }
      const made = group(`g${groups.length + 1}`, body!.name!);
      groups = [...groups, made];
      return { status: 201, body: { message: GROUP_MESSAGES.created, data: made } };
    }
    if (call.path === '/admin/users')
      return { body: { data: [sampleUser, { ...sampleUser, ...ann }], meta: {} } };
    const found = groups.find((g) => g._id === id);
    if (!found) return undefined;
    if (call.method === 'GET') return { body: { data: found } };
    if (call.method === 'DELETE') {
      groups = groups.filter((g) => g !== found);
      return { body: { message: GROUP_MESSAGES.deleted } };
    }
    const everyone = [ann, { _id: sampleUser._id, name: sampleUser.name, email: sampleUser.email }];
    const members = body!.memberIds
      ? everyone.filter((p) => body!.memberIds!.includes(p._id))
      : found.members;
    const changed = { ...group(found._id, body!.name ?? found.name, members) };
    groups = groups.map((g) => (g === found ? changed : g));
    return { body: { message: GROUP_MESSAGES.updated, data: changed } };
  };
  return fakeApi(answer);
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <main id="main">
        <AdminGroupsPage />
      </main>
    </QueryClientProvider>,
  );

const table = () => screen.findByRole('table', { name: 'Groups' });

describe('the Groups screen', () => {
  it('lists each group with its size, and creates one by name', async () => {
    const calls = groupServer([group('g1', 'Sales', [ann])]);
    renderPage();
    expect(within(await table()).getByText('1 member')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New group name'), { target: { value: '  Marketing ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await within(await table()).findByText('Marketing')).toBeTruthy();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', body: { name: 'Marketing' } }));
    expect((screen.getByLabelText('New group name') as HTMLInputElement).value).toBe('');
  });

  it('says under the field that a name is taken, and that one is needed', async () => {
    groupServer([group('g1', 'Sales')]);
    renderPage();
    await table();
    const field = screen.getByLabelText('New group name');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByText(GROUP_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText(GROUP_MESSAGES.nameTaken)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('adds and removes members, sending the whole list each time', async () => {
    const calls = groupServer([group('g1', 'Sales')]);
    renderPage();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Members of Sales' }));
    await screen.findByText('No members yet.');
    const field = screen.getByRole('combobox', { name: 'Add a member', hidden: true });
    fireEvent.change(field, { target: { value: 'ann' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ann Lee/, hidden: true }));
    const members = await screen.findByRole('list', { name: 'Members', hidden: true });
    expect(within(members).getByText('ann@example.com')).toBeTruthy();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PATCH', path: '/admin/groups/g1', body: { memberIds: ['u2'] } }),
    );
    fireEvent.click(within(members).getByRole('button', { name: 'Remove Ann Lee from Sales', hidden: true }));
    await screen.findByText('No members yet.');
    expect(calls).toContainEqual(expect.objectContaining({ method: 'PATCH', body: { memberIds: [] } }));
  });

  it('renames a group and deletes one after asking', async () => {
    const calls = groupServer([group('g1', 'Sales'), group('g2', 'Support')]);
    renderPage();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Rename Sales' }));
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Sales EU' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename', hidden: true }));
    expect(await within(await table()).findByText('Sales EU')).toBeTruthy();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Delete Support' }));
    expect(screen.getByRole('heading', { name: 'Delete Support?', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete', hidden: true }).at(-1)!);
    await waitFor(async () => expect(within(await table()).queryByText('Support')).toBeNull());
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/admin/groups/g2' }));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'PATCH', body: { name: 'Sales EU' } }));
  });
});
