import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Folder, FolderWithPath, ItemAccess, StoredFile } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { UploadTargetContext } from '../../../components/upload-target';
import { fakeApi, permissionsAs } from '../../../test-support';
import MyFilesPage from './MyFilesPage';
import SharedFolderPage from './SharedFolderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = '2026-03-01T00:00:00.000Z';
const file: StoredFile = {
  _id: 'f1',
  filename: 'brief',
  downloadName: 'brief.txt',
  mimetype: 'text/plain',
  size: 10,
  isPublic: false,
  downloadCount: 0,
  createdAt: NOW,
  updatedAt: NOW,
  url: '/api/v1/files/f/f1/content',
  thumbnailUrl: null,
  thumbnailPending: false,
  uploadedBy: { _id: 'u9', name: 'Olga Owner', email: 'olga@example.com' },
  uploader: { _id: 'u9', name: 'Olga Owner', via: 'app' },
  folderId: 'd1',
  permissions: permissionsAs('viewer'),
};
const subfolder: Folder = {
  _id: 'd2',
  name: 'Drafts',
  parentId: 'd1',
  createdAt: NOW,
  updatedAt: NOW,
  permissions: permissionsAs('viewer'),
};
const page = <T,>(data: T[]) => ({ body: { data, meta: { total: data.length, nextCursor: null } } });

/** A folder 'Campaign' of Olga's, shared with the caller as `access`, holding one file and one subfolder. */
function sharedFolderServer(access: ItemAccess) {
  const campaign: FolderWithPath = {
    _id: 'd1',
    name: 'Campaign',
    parentId: null,
    createdAt: NOW,
    updatedAt: NOW,
    path: [],
    access,
    permissions: permissionsAs(access),
    owner: { _id: 'u9', name: 'Olga Owner' },
  };
  return fakeApi((call) => {
    if (call.path === '/folders/d1') return { body: { data: campaign } };
    // Whatever lies in the folder answers with the caller's permissions there, as the server does.
    const asCaller = <T extends object>(item: T) => ({ ...item, permissions: permissionsAs(access) });
    if (call.path === '/folders') return page(call.query.parentId === 'd1' ? [asCaller(subfolder)] : []);
    if (call.path === '/files/user-files') return page(call.query.folderId === 'd1' ? [asCaller(file)] : []);
    if (call.path === '/config') return { body: { data: {} } };
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/my-files', element: <MyFilesPage /> },
      { path: '/dashboard/shared-with-me/:folderId', element: <SharedFolderPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UploadTargetContext.Provider value={{ add: () => {} }}>
        <main id="main">
          <RouterProvider router={router} />
        </main>
      </UploadTargetContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

/** The wide screen's table of files (the phone's cards hold the same rows). */
const table = () => screen.findByRole('table', { name: 'Files in Campaign' });

describe('a folder shared with me', () => {
  it('as a viewer: named for its owner, listed and downloadable, with nothing that writes', async () => {
    sharedFolderServer('viewer');
    renderAt('/dashboard/shared-with-me/d1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
    expect(screen.getByText('Shared by Olga Owner · You can view and download')).toBeTruthy();
    const rows = await table();
    expect(within(rows).getByRole('button', { name: 'Download brief' })).toBeTruthy();
    expect(within(rows).queryByRole('button', { name: 'Delete brief' })).toBeNull();
    expect(within(rows).queryByRole('button', { name: /Rename|Edit|Share/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for folder Drafts' })).toBeNull();
    // A viewer still zips what they can see.
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(bar).getByRole('button', { name: 'Download zip' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Delete selected' })).toBeNull();
    // The path starts at Shared with me; a subfolder opens under the same kind of address.
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('link', { name: 'Shared with me' }).getAttribute('href')).toBe(
      '/dashboard/shared-with-me',
    );
    expect(screen.getByRole('link', { name: 'Drafts' }).getAttribute('href')).toBe(
      '/dashboard/shared-with-me/d2',
    );
    // 'All folders' would search the caller's own files: a shared folder's search stays in it.
    expect(screen.queryByLabelText('Look in')).toBeNull();
  });

  it('as an editor: upload, new folder, rename and delete, but neither sharing nor publishing', async () => {
    sharedFolderServer('editor');
    renderAt('/dashboard/shared-with-me/d1');
    const rows = await table();
    expect(await screen.findByRole('button', { name: 'Upload files' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New folder' })).toBeTruthy();
    expect(within(rows).getByRole('button', { name: 'Rename brief' })).toBeTruthy();
    expect(within(rows).getByRole('button', { name: 'Delete brief' })).toBeTruthy();
    expect(within(rows).queryByRole('button', { name: 'Share brief' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share with people…' })).toBeNull();
    fireEvent.click(within(rows).getByRole('button', { name: 'Rename brief' }));
    expect(await screen.findByRole('heading', { name: 'Rename File', hidden: true })).toBeTruthy();
    expect(screen.queryByText('Public')).toBeNull();
  });

  it('opened by its My Files address, moves to its Shared with me address', async () => {
    sharedFolderServer('viewer');
    const router = renderAt('/dashboard/my-files?folder=d1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/shared-with-me/d1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeTruthy();
  });
});
