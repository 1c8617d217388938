import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Folder, FolderWithPath, ItemAccess } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import type { ShareTarget } from '../../../api/shares';
import { UploadTargetContext } from '../../../components/upload-target';
import { fakeApi, permissionsAs } from '../../../test-support';
import MyFilesPage from './MyFilesPage';
import SharedFolderPage from './SharedFolderPage';
import type { FolderLinkDialog } from './folder-link-dialogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = '2026-03-01T00:00:00.000Z';
const inbox: Folder = {
  _id: 'd2',
  name: 'Inbox',
  parentId: 'd1',
  createdAt: NOW,
  updatedAt: NOW,
  permissions: permissionsAs('owner'),
};
const page = <T,>(data: T[]) => ({ body: { data, meta: { total: data.length, nextCursor: null } } });

/** Folder d1 (`access` to it) holding the subfolder Inbox. */
function folderServer(access: ItemAccess) {
  const top: FolderWithPath = {
    _id: 'd1',
    name: 'Clients',
    parentId: null,
    createdAt: NOW,
    updatedAt: NOW,
    path: [],
    access,
    permissions: permissionsAs(access),
    owner: { _id: 'u9', name: 'Olga Owner' },
  };
  fakeApi((call) => {
    if (call.path === '/folders/d1') return { body: { data: top } };
    if (call.path === '/folders') return page(call.query.parentId === 'd1' ? [inbox] : []);
    if (call.path === '/files/user-files') return page([]);
    if (call.path === '/config') return { body: { data: {} } };
    if (call.path === '/files/stats') return { body: { data: { totalFiles: 0 } } };
    return undefined;
  });
}

/** A stand-in for another feature's dialog: says which folder it was opened for. */
function FakeUploadLinks({ folder }: { folder: ShareTarget | null; onClose: () => void }) {
  return folder ? <p>Upload links of {folder.name}</p> : null;
}
const DIALOGS: FolderLinkDialog[] = [{ label: 'Upload link…', Dialog: FakeUploadLinks }];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/my-files', element: <MyFilesPage linkDialogs={DIALOGS} /> },
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
}

describe('the link dialogs other features add to My Files', () => {
  it('open from a folder’s menu and from the toolbar, for the folder they belong to', async () => {
    folderServer('owner');
    renderAt('/dashboard/my-files?folder=d1');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for folder Inbox' }));
    const tiles = screen.getByRole('list', { name: 'Folders' });
    fireEvent.click(within(tiles).getByRole('button', { name: 'Upload link…' }));
    expect(screen.getByText('Upload links of Inbox')).toBeTruthy();
    // The toolbar's button is for the folder on screen.
    const toolbarButton = screen
      .getAllByRole('button', { name: 'Upload link…' })
      .find((button) => !tiles.contains(button));
    fireEvent.click(toolbarButton!);
    expect(await screen.findByText('Upload links of Clients')).toBeTruthy();
  });

  it('are not offered to whoever may not share the folder', async () => {
    folderServer('editor');
    renderAt('/dashboard/shared-with-me/d1');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for folder Inbox' }));
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload link…' })).toBeNull();
  });
});
