import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { UploadRequest } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi } from '../../../test-support';
import { uploadLinkKeys } from '../api/upload-links';
import { UploadLinksActivity } from './UploadLinksActivity';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (over: Partial<UploadRequest>): UploadRequest => ({
  _id: 'r1',
  token: 't',
  url: '/r/t',
  folderId: 'd1',
  folderName: 'Inbox',
  label: 'Photos',
  message: null,
  hasPassword: false,
  expiresAt: null,
  maxFiles: null,
  maxBytes: null,
  filesReceived: 0,
  bytesReceived: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
  closedAt: null,
  state: 'active',
  ...over,
});

function renderWith(links: UploadRequest[], onOpen = () => {}) {
  fakeApi((call) => (call.path === '/folders/d1/requests' ? { body: { data: links } } : undefined));
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <p>folder</p>
      <UploadLinksActivity folderId="d1" onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return client;
}

describe('the folder’s upload link activity line', () => {
  it('counts the open links and the files they brought, and opens the links', async () => {
    const onOpen = vi.fn();
    renderWith([link({ filesReceived: 3 }), link({ _id: 'r2', state: 'closed', filesReceived: 2 })], onOpen);
    const line = await screen.findByRole('button', { name: '1 upload link open · 5 files received' });
    fireEvent.click(line);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('says nothing for a folder without upload links', async () => {
    const client = renderWith([]);
    // Once the folder's links are in (none), the line still says nothing.
    await vi.waitFor(() => expect(client.getQueryData(uploadLinkKeys.ofFolder('d1'))).toEqual([]));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
