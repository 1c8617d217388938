import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  FOLDER_MESSAGES,
  LINK_MESSAGES,
  type SharedFolderFile,
  type SharedFolderView,
} from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import SharedVisitPage from './SharedVisitPage';
import { permissionsAs } from '../../../test-support';

const TOKEN = 'tok';

const file = (id: string, filename: string, mimetype = 'image/png'): SharedFolderFile => ({
  _id: id,
  filename,
  downloadName: `${filename}.png`,
  mimetype,
  size: 2048,
  createdAt: '2026-01-01T00:00:00.000Z',
  thumbnailUrl: `/api/v1/s/${TOKEN}/files/${id}/thumbnail`,
  permissions: permissionsAs('viewer'),
});

/** Trip (the shared folder) ─ beach, sunset, Day 1/ ─ Deep/; Day 1 holds notes. */
const FOLDERS: Record<string, SharedFolderView> = {
  trip: {
    passwordRequired: false,
    kind: 'folder',
    folder: { _id: 'trip', name: 'Trip' },
    path: [],
    folders: [{ _id: 'day1', name: 'Day 1', permissions: permissionsAs('viewer') }],
    files: [file('f1', 'beach'), file('f2', 'sunset')],
    nextCursor: null,
    ownerName: 'Ada',
    expiresAt: '2030-05-01T12:00:00.000Z',
    downloadsLeft: 5,
  },
  day1: {
    passwordRequired: false,
    kind: 'folder',
    folder: { _id: 'day1', name: 'Day 1' },
    path: [{ _id: 'trip', name: 'Trip' }],
    folders: [{ _id: 'deep', name: 'Deep', permissions: permissionsAs('viewer') }],
    files: [file('f3', 'notes', 'text/plain')],
    nextCursor: null,
    ownerName: 'Ada',
    expiresAt: null,
    downloadsLeft: null,
  },
  deep: {
    passwordRequired: false,
    kind: 'folder',
    folder: { _id: 'deep', name: 'Deep' },
    path: [
      { _id: 'trip', name: 'Trip' },
      { _id: 'day1', name: 'Day 1' },
    ],
    folders: [],
    files: [],
    nextCursor: null,
    ownerName: 'Ada',
    expiresAt: null,
    downloadsLeft: null,
  },
};

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The link's server: `folders` by id (the shared one without ?folderId=), 404 for any other; zips answer a url. */
function linkServer(folders: Record<string, SharedFolderView> = FOLDERS) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname.replace('/api/v1', ''),
        query: Object.fromEntries(parsed.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (call.path === `/s/${TOKEN}/zip`) {
        return json({ message: FOLDER_MESSAGES.zipReady, data: { url: `/api/v1/s/${TOKEN}/zip/sel1` } });
      }
      const view = folders[call.query.folderId ?? 'trip'];
      if (call.path !== `/s/${TOKEN}` || !view) return json({ message: LINK_MESSAGES.linkUnavailable }, 404);
      return json({ message: LINK_MESSAGES.linkFetched, data: view });
    }),
  );
  return calls;
}

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '/s/:token', element: <SharedVisitPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Anchors the page clicks to hand a download to the browser, recorded instead of followed. */
let started: Array<{ href: string; download: string }> = [];
beforeEach(() => {
  started = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a folder link’s visitor page', () => {
  it('shows the shared folder: who shared it, the link’s limits, its subfolders and its files', async () => {
    linkServer();
    renderAt(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip' })).toBeTruthy();
    expect(screen.getByText('Shared by Ada')).toBeTruthy();
    expect(screen.getByText(/Link expires May 1, 2030/)).toBeTruthy();
    expect(screen.getByText(/downloads left/).textContent).toContain('5 downloads left');
    // The shared folder itself has no path to show: its name is the heading.
    expect(screen.queryByRole('navigation', { name: 'Folder path' })).toBeNull();

    expect(screen.getByRole('link', { name: 'Day 1' }).getAttribute('href')).toBe(`/s/${TOKEN}?folder=day1`);
    expect(screen.getByRole('checkbox', { name: 'Select folder Day 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'beach' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download beach' });
    expect(download.getAttribute('href')).toBe(`/api/v1/s/${TOKEN}/files/f1/content?download=1`);
    expect(download.getAttribute('download')).toBe('beach.png');
    const thumbnails = document.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      `/api/v1/s/${TOKEN}/files/f1/thumbnail`,
      `/api/v1/s/${TOKEN}/files/f2/thumbnail`,
    ]);
  });

  it('opens a folder below it from the address, and walks back up through the breadcrumbs', async () => {
    const calls = linkServer();
    const router = renderAt(`/s/${TOKEN}?folder=deep`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Deep' });
    expect(heading).toBeTruthy();
    expect(screen.getByText('This folder is empty')).toBeTruthy();
    expect(calls[0]!.query).toEqual({ folderId: 'deep' });
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Trip/', 'Day 1/', 'Deep']);

    expect(within(crumbs).getByText('Deep').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(crumbs).getByRole('link', { name: 'Day 1' }));
    await screen.findByRole('heading', { level: 1, name: 'Day 1' });
    expect(router.state.location.search).toBe('?folder=day1');
    // The new folder's name takes focus, as a new page's heading would.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: 'Trip' });
    expect(router.state.location.search).toBe('');
    expect(calls.at(-1)!.query).toEqual({});
  });

  it('zips the ticked files, and the whole folder on screen, then hands the zip to the browser', async () => {
    const calls = linkServer();
    renderAt(`/s/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Trip' });

    fireEvent.click(screen.getByRole('button', { name: 'Download selected' }));
    expect(screen.getByText(FOLDER_MESSAGES.nothingSelected)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select beach' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select sunset' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({ href: `/api/v1/s/${TOKEN}/zip/sel1`, download: '' });

    fireEvent.click(screen.getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(started).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/s/${TOKEN}/zip`, query: {}, body: { fileIds: ['f1', 'f2'], folderIds: [] } },
      { method: 'POST', path: `/s/${TOKEN}/zip`, query: {}, body: { fileIds: [], folderIds: ['trip'] } },
    ]);
  });

  it('ticks everything with Select all, folders and files apart', async () => {
    const calls = linkServer();
    renderAt(`/s/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Trip' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(calls.at(-1)!.body).toEqual({ fileIds: ['f1', 'f2'], folderIds: ['day1'] });
  });

  it('loads the next page of files when asked, after the ones shown', async () => {
    const calls = linkServer({
      trip: { ...FOLDERS.trip!, nextCursor: 'c2' },
    });
    renderAt(`/s/${TOKEN}`);
    await screen.findByRole('button', { name: 'beach' });
    vi.mocked(fetch).mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            message: LINK_MESSAGES.linkFetched,
            data: { ...FOLDERS.trip, files: [file('f9', 'zebra')], nextCursor: null },
          }),
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'zebra' });
    const files = screen.getByRole('heading', { name: 'Files' }).parentElement!;
    expect(within(files).getAllByRole('button', { name: /^(beach|sunset|zebra)$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.length).toBe(1);
  });

  it('previews a file in a dialog, through the link’s address for that file', async () => {
    linkServer();
    renderAt(`/s/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'sunset' }));
    // jsdom opens no modal, so the dialog counts as hidden to the queries.
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { name: 'sunset', hidden: true })).toBeTruthy();
    const image = within(dialog).getByRole('img', { name: 'sunset', hidden: true });
    expect(image.getAttribute('src')).toBe(`/api/v1/s/${TOKEN}/files/f2/thumbnail?size=1024`);
    expect(within(dialog).getByRole('link', { name: 'Download', hidden: true }).getAttribute('href')).toBe(
      `/api/v1/s/${TOKEN}/files/f2/content?download=1`,
    );
  });

  it('says the link is no longer available for a folder outside it', async () => {
    linkServer();
    renderAt(`/s/${TOKEN}?folder=parent`);
    expect(await screen.findByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeTruthy();
  });

  it('asks for the password first when the folder link has one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: '', data: { passwordRequired: true } }))),
    );
    renderAt(`/s/${TOKEN}?folder=day1`);
    expect(await screen.findByRole('heading', { name: 'Password required' })).toBeTruthy();
    expect(screen.queryByText('Day 1')).toBeNull();
  });

  it('still shows a file link as a file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: LINK_MESSAGES.linkFetched,
              data: {
                passwordRequired: false,
                kind: 'file',
                filename: 'report',
                downloadName: 'report.txt',
                mimetype: 'application/zip',
                size: 10,
                ownerName: 'Ada',
                expiresAt: null,
                downloadsLeft: null,
                thumbnailUrl: null,
              },
            }),
          ),
      ),
    );
    renderAt(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'report' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shared file' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });
});
