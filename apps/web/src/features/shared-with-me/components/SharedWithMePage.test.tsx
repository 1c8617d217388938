import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SHARE_MESSAGES, type SharedSearch, type SharedWithMeItem } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi, permissionsAs } from '../../../test-support';
import SharedWithMePage from './SharedWithMePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (
  id: string,
  kind: SharedWithMeItem['kind'],
  name: string,
  extra: Partial<SharedWithMeItem> = {},
): SharedWithMeItem => ({
  shareId: `s-${id}`,
  kind,
  _id: id,
  name,
  ...(kind === 'file' ? { mimetype: 'application/pdf', size: 2048 } : {}),
  owner: { _id: 'u9', name: 'Olga Owner' },
  role: 'viewer',
  reshare: false,
  sharedAt: '2026-03-02T10:00:00.000Z',
  permissions: permissionsAs('viewer'),
  ...extra,
});

/** What a search of the shared tree answers in these tests: a folder two levels down and a file in it. */
const found: SharedSearch = {
  folders: [
    {
      _id: 'd2',
      name: 'Acme',
      parentId: 'd1',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      path: [{ _id: 'd1', name: 'Campaign' }],
      permissions: permissionsAs('viewer'),
    },
  ],
  files: [
    {
      _id: 'f7',
      filename: 'acme brief',
      downloadName: 'acme brief.pdf',
      mimetype: 'application/pdf',
      size: 2048,
      isPublic: false,
      downloadCount: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      url: '/api/v1/files/f/f7/content',
      thumbnailUrl: null,
      thumbnailPending: false,
      uploadedBy: { _id: 'u9', name: 'Olga Owner' },
      uploader: null,
      folderId: 'd2',
      folderPath: [
        { _id: 'd1', name: 'Campaign' },
        { _id: 'd2', name: 'Acme' },
      ],
      permissions: permissionsAs('viewer'),
    },
  ],
};

/** A server sharing `initial` with the caller; leaving a share takes its item out; a search for "acme" finds. */
function sharedServer(initial: SharedWithMeItem[]) {
  let items = [...initial];
  return fakeApi((call) => {
    if (call.path === '/shares/with-me') return { body: { message: SHARE_MESSAGES.listed, data: items } };
    if (call.path === '/shares/with-me/search') {
      const data = call.query.q === 'acme' ? found : { folders: [], files: [] };
      return { body: { message: SHARE_MESSAGES.listed, data } };
    }
    if (call.method === 'DELETE') {
      items = items.filter((i) => `/shares/${i.shareId}` !== call.path);
      return { body: { message: SHARE_MESSAGES.left } };
    }
    return undefined;
  });
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <main id="main">
          <SharedWithMePage />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const table = () => screen.findByRole('table', { name: 'Shared with me' });

describe('the Shared with me screen', () => {
  it('lists folders first, each with its owner, my role and where it opens', async () => {
    sharedServer([
      item('f1', 'file', 'report.pdf', { sharedAt: '2026-03-05T10:00:00.000Z' }),
      item('d1', 'folder', 'Campaign', { role: 'editor' }),
    ]);
    renderPage();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.textContent).toContain('Campaign');
    expect(rows[0]!.textContent).toContain('Editor');
    expect(rows[1]!.textContent).toContain('report.pdf');
    expect(rows[1]!.textContent).toContain('PDF · 2 KB');
    expect(rows[1]!.textContent).toContain('Olga Owner');
    expect(within(rows[0]!).getByRole('link', { name: 'Campaign' }).getAttribute('href')).toBe(
      '/dashboard/shared-with-me/d1',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'report.pdf' }).getAttribute('href')).toBe(
      '/dashboard/file/f1',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Shared with me' })).toBeTruthy();
  });

  it('offers Leave only for a direct share; a group’s share says where it comes from', async () => {
    sharedServer([item('d1', 'folder', 'Team drive', { shareId: null })]);
    renderPage();
    const rows = await table();
    expect(within(rows).getByText('through a group')).toBeTruthy();
    expect(within(rows).queryByRole('button', { name: /Leave/ })).toBeNull();
  });

  it('leaves a share after asking, and the item is gone', async () => {
    const calls = sharedServer([item('d1', 'folder', 'Campaign'), item('f1', 'file', 'notes.txt')]);
    renderPage();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Leave folder Campaign' }));
    expect(screen.getByRole('heading', { name: 'Leave Campaign?', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave', hidden: true }));
    await waitFor(async () => expect(within(await table()).queryByText('Campaign')).toBeNull());
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/shares/s-d1' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('says when nothing is shared yet', async () => {
    sharedServer([]);
    renderPage();
    expect(await screen.findByText('Nothing is shared with you yet')).toBeTruthy();
  });

  it('searches inside shared folders, each hit saying where it lies, and says when nothing matches', async () => {
    const calls = sharedServer([item('d1', 'folder', 'Campaign')]);
    renderPage();
    await table();
    const box = screen.getByRole('searchbox', { name: 'Search shared with me' });
    fireEvent.change(box, { target: { value: 'acme ' } });
    const folders = await screen.findByRole('region', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/dashboard/shared-with-me/d2',
    );
    expect(folders.textContent).toContain('In Campaign');
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByRole('link', { name: 'acme brief' }).getAttribute('href')).toBe(
      '/dashboard/file/f7',
    );
    expect(files.textContent).toContain('Shared by Olga Owner');
    expect(within(files).getByRole('link', { name: 'Campaign / Acme' }).getAttribute('href')).toBe(
      '/dashboard/shared-with-me/d2',
    );
    expect(screen.queryByRole('table', { name: 'Shared with me' })).toBeNull();
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/shares/with-me/search', query: { q: 'acme' } }),
    );

    fireEvent.change(box, { target: { value: 'zebra' } });
    expect(await screen.findByText('Nothing shared with you matches “zebra”.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    expect(await table()).toBeTruthy();
  });
});
