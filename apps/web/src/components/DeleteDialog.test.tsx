import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TRASH_MESSAGES } from '@cloudstash/contract';
import { createQueryClient } from '../api/query-client';
import { DeleteDialog } from './DeleteDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An instance whose /config says `config`. */
function instance(config: object) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'ok', data: config })));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteDialog
        open
        title="Delete File?"
        message="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => {}}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the delete dialog', () => {
  it('says the items go to Trash, and for how long, while the instance keeps them', async () => {
    instance({ trashRetentionDays: 30 });
    await screen.findByRole('heading', { name: TRASH_MESSAGES.dialogTitle, hidden: true });
    expect(screen.getByText(TRASH_MESSAGES.dialogText(30))).toBeTruthy();
    expect(TRASH_MESSAGES.dialogText(30)).toBe('You can restore it from Trash for 30 days.');
  });

  it('keeps the spec’s words while a delete is final', async () => {
    const fetchMock = instance({});
    // The answer has come back (a dialog that ignored it would pass too early).
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      screen.getByText('Are you sure you want to delete this file? This action cannot be undone.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delete File?', hidden: true })).toBeTruthy();
    expect(screen.queryByText(TRASH_MESSAGES.dialogTitle)).toBeNull();
  });
});
