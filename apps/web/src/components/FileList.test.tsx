import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import type { StoredFile } from '@cloudstash/contract';
import type { PagedList } from '../api/paged-list';
import { FileList } from './FileList';
import { PUBLIC_COLUMNS } from './file-columns';
import { permissionsAs } from '../test-support';

afterEach(cleanup);

const file: StoredFile = {
  _id: 'f1',
  filename: 'notes',
  downloadName: 'notes.txt',
  mimetype: 'text/plain',
  size: 10,
  isPublic: true,
  downloadCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  url: '/api/v1/files/f/f1/content',
  thumbnailUrl: null,
  thumbnailPending: false,
  uploadedBy: null,
  uploader: null,
  folderId: null,
  permissions: permissionsAs('owner'),
};

const list = (state: Partial<PagedList<StoredFile>>): PagedList<StoredFile> => ({
  items: [],
  total: 0,
  totalCapped: false,
  failed: false,
  isPending: false,
  isFetching: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => {},
  fetchAll: async () => [],
  refetch: () => {},
  ...state,
});

function renderList(state: Partial<PagedList<StoredFile>>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <FileList
          list={list(state)}
          sort={{ sort: 'createdAt', order: 'desc' }}
          onSort={() => {}}
          countNoun="public files"
          caption="Public files"
          columns={PUBLIC_COLUMNS}
          loadingLabel="Loading public files"
          failedMessage="Failed to load public files"
          empty={<p>No public files found</p>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the count line of a file list', () => {
  it('says nothing while the list loads', () => {
    renderList({ isPending: true, isFetching: true });
    expect(screen.getByRole('status').textContent).toContain('Loading public files');
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('says nothing when the list failed, which offers Retry instead', () => {
    const refetch = vi.fn();
    renderList({ failed: true, refetch });
    expect(screen.getByRole('alert').textContent).toContain('Failed to load public files');
    expect(screen.queryByText(/Showing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('counts the rows once they are in', () => {
    renderList({ items: [file], total: 1 });
    screen.getByText('Showing 1 of 1 public files');
  });
});
