import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TRASH_MESSAGES, type TrashItem } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import TrashPage from './TrashPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 24 * 60 * 60 * 1000;
const item = (id: string, kind: TrashItem['kind'], name: string, path = '/'): TrashItem => ({
  _id: id,
  kind,
  name,
  path,
  ...(kind === 'file' ? { mimetype: 'text/plain' } : {}),
  size: 2048,
  files: kind === 'file' ? 1 : 3,
  deletedAt: new Date().toISOString(),
  purgeAt: new Date(Date.now() + 30 * DAY - 60_000).toISOString(),
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server holding `items` in Trash: a restore or purge takes the named ones out, as the real one does. */
function trashServer(initial: TrashItem[]) {
  let items = [...initial];
  const calls: Call[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://app').pathname.replace('/api/v1', '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string[]>) : undefined;
      calls.push({ method, path, body });
      if (path === '/config') return json({ message: 'ok', data: { trashRetentionDays: 30 } });
      if (path === '/trash' && method === 'GET') {
        return json({
          message: TRASH_MESSAGES.listed,
          data: items,
          meta: { total: items.length, nextCursor: null },
        });
      }
      const gone = body ? [...(body.fileIds ?? []), ...(body.folderIds ?? [])] : items.map((i) => i._id);
      items = items.filter((i) => !gone.includes(i._id));
      const message = path === '/trash/restore' ? TRASH_MESSAGES.restored : TRASH_MESSAGES.purged;
      return json({ message, data: { files: 1, folders: 0 } });
    }),
  );
  return calls;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <main id="main">
        <TrashPage />
      </main>
    </QueryClientProvider>,
  );

/** The wide screen's table (the phone's cards hold the same rows). */
const table = () => screen.getByRole('table', { name: 'Items in Trash' });

describe('the Trash screen', () => {
  it('lists each item with where it was, its size, its date and the days it has left', async () => {
    trashServer([item('f1', 'file', 'notes.txt', '/Work'), item('d1', 'folder', 'Photos')]);
    renderPage();
    const row = (await within(await screen.findByRole('table')).findByText('notes.txt')).closest('tr')!;
    expect(row.textContent).toContain('My Files / Work');
    expect(row.textContent).toContain('2 KB');
    expect(row.textContent).toContain('30 days left');
    expect(within(table()).getByText('Folder · 3 files')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Trash' })).toBeTruthy();
    await screen.findByText(/stay here for 30 days/);
  });

  it('restores one row with its id, and focus moves on once the row has gone', async () => {
    const calls = trashServer([item('f1', 'file', 'notes.txt')]);
    renderPage();
    fireEvent.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: 'Restore notes.txt' }),
    );
    await screen.findByText('Trash is empty');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/trash/restore',
      body: { fileIds: ['f1'], folderIds: [] },
    });
    // No row is left to take focus: the heading does.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('deletes the chosen items forever after asking, files and folders apart', async () => {
    const calls = trashServer([
      item('f1', 'file', 'a.txt'),
      item('d1', 'folder', 'Old'),
      item('f2', 'file', 'b.txt'),
    ]);
    renderPage();
    await within(await screen.findByRole('table')).findByText('a.txt');
    fireEvent.click(within(table()).getByRole('checkbox', { name: 'Select a.txt' }));
    fireEvent.click(within(table()).getByRole('checkbox', { name: 'Select folder Old' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected forever' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever', hidden: true }));
    await waitFor(() => expect(within(table()).queryByText('a.txt')).toBeNull());
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/trash',
      body: { fileIds: ['f1'], folderIds: ['d1'] },
    });
    expect(within(table()).getByText('b.txt')).toBeTruthy();
  });

  it('Empty Trash asks, then sends no list at all', async () => {
    const calls = trashServer([item('f1', 'file', 'a.txt'), item('f2', 'file', 'b.txt')]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Empty Trash' }));
    expect(screen.getByRole('heading', { name: 'Empty Trash?', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Empty Trash', hidden: true }).at(-1)!);
    await screen.findByText('Trash is empty');
    expect(calls).toContainEqual({ method: 'DELETE', path: '/trash', body: undefined });
  });
});
