import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { TRASH_MESSAGES } from '@cloudstash/contract';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { announceDelete } from './trash';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setUp(trashRetentionDays?: number) {
  // The toaster asks whether motion is reduced; jsdom has no media queries.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: TRASH_MESSAGES.restored, data: { files: 1, folders: 1 } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.uploadConfig, { trashRetentionDays });
  render(<Toaster />);
  return { fetchMock, queryClient };
}

const deleted = { fileIds: ['f1'], folderIds: ['d1'] };

describe('the toast after a delete', () => {
  it('offers Undo while deleted items go to Trash, which restores exactly what was deleted', async () => {
    const { fetchMock, queryClient } = setUp(30);
    act(() => announceDelete(queryClient, TRASH_MESSAGES.movedToTrash, deleted));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText(TRASH_MESSAGES.restored);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/trash/restore');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(deleted);
  });

  it('has no Undo when a delete is final, or the items were someone else’s', async () => {
    const final = setUp(undefined);
    act(() => announceDelete(final.queryClient, 'File deleted successfully', deleted));
    await screen.findByText('File deleted successfully');
    const someoneElses = createQueryClient();
    someoneElses.setQueryData(queryKeys.uploadConfig, { trashRetentionDays: 30 });
    act(() => announceDelete(someoneElses, TRASH_MESSAGES.movedToTrash, deleted, false));
    await screen.findByText(TRASH_MESSAGES.movedToTrash);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(final.fetchMock).not.toHaveBeenCalled();
  });
});
