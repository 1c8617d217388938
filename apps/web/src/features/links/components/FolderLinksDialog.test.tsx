import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LINK_MESSAGES, type Link } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi, type ApiCall } from '../../../test-support';
import { FolderLinksDialog } from './FolderLinksDialog';
import { LinksList } from './LinksList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const folderLink = (id: string, change: Partial<Link> = {}): Link => ({
  _id: id,
  token: `token-${id}`,
  url: `/s/token-${id}`,
  kind: 'folder',
  fileId: null,
  folderId: 'd1',
  filename: 'Holiday',
  ownerName: null,
  label: 'For the family',
  hasPassword: false,
  expiresAt: null,
  maxDownloads: 20,
  downloads: 4,
  lastDownloadAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
  state: 'active',
  ...change,
});

function linkServer(initial: Link[]) {
  let links = [...initial];
  return fakeApi((call: ApiCall) => {
    if (call.path === '/folders/d1/links' && call.method === 'GET') {
      return { body: { data: links, meta: { total: links.length, nextCursor: null } } };
    }
    if (call.path === '/folders/d1/links' && call.method === 'POST') {
      const made = folderLink('new', { label: (call.body as { label?: string }).label ?? null });
      links = [made, ...links];
      return { status: 201, body: { message: LINK_MESSAGES.linkCreated, data: made } };
    }
    return undefined;
  });
}

function renderWith(element: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

// jsdom has no modal dialogs: the dialog's contents count as hidden, so queries ask for hidden elements too.
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('a folder’s share links dialog', () => {
  it('lists the folder’s links, and makes a new one with the file dialog’s options and ready screen', async () => {
    const calls = linkServer([folderLink('l1')]);
    renderWith(
      <FolderLinksDialog folder={{ kind: 'folder', id: 'd1', name: 'Holiday' }} onClose={() => {}} />,
    );
    const list = await screen.findByRole('list', { name: 'Links to this folder', hidden: true });
    expect(within(list).getByText('For the family')).toBeTruthy();
    expect(within(list).getByText(/4 \/ 20/)).toBeTruthy();
    expect(button('Revoke link to For the family')).toBeTruthy();

    fireEvent.click(button('New link'));
    expect(await screen.findByText(/and everything in it, even without an account/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label (optional)'), { target: { value: 'Cousins' } });
    fireEvent.click(button('Create'));
    await screen.findByRole('heading', { name: 'Public link ready', hidden: true });
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ label: 'Cousins' }),
    );
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/s/token-new`,
    );
  });
});

describe('the Shared Links list', () => {
  it('marks a folder link and leads to the folder in My Files', () => {
    renderWith(<LinksList links={[folderLink('l1')]} />);
    const [tableLink] = screen.getAllByRole('link', { name: 'Holiday' });
    expect(tableLink?.getAttribute('href')).toBe('/dashboard/my-files?folder=d1');
    expect(screen.getAllByText('folder').length).toBeGreaterThan(0);
  });
});
