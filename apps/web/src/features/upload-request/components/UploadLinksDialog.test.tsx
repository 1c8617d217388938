import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { REQUEST_MESSAGES, type RequestUpload, type UploadRequest } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import type { ShareTarget } from '../../../api/shares';
import { fakeApi, type ApiCall } from '../../../test-support';
import { UploadLinksDialog } from './UploadLinksDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;
const linkOf = (id: string, change: Partial<UploadRequest> = {}): UploadRequest => ({
  _id: id,
  token: `token-${id}`,
  url: `/r/token-${id}`,
  folderId: 'd1',
  folderName: 'Inbox',
  label: 'Client photos',
  message: 'Send the raw files',
  hasPassword: true,
  expiresAt: null,
  maxFiles: 10,
  maxBytes: 200 * MB,
  filesReceived: 3,
  bytesReceived: 2 * MB,
  createdAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  state: 'active',
  ...change,
});
const received: RequestUpload = {
  _id: 'f1',
  filename: 'beach',
  size: 2048,
  note: 'Uploaded by Dana through Client photos',
  createdAt: '2026-01-02T00:00:00.000Z',
};

/** The folder's upload links; a new one joins them, a change or a close answers the link changed. */
function requestServer(initial: UploadRequest[]) {
  let links = [...initial];
  return fakeApi((call: ApiCall) => {
    if (call.path === '/folders/d1/requests' && call.method === 'GET') return { body: { data: links } };
    if (call.path === '/folders/d1/requests' && call.method === 'POST') {
      const made = linkOf('new', { ...(call.body as Partial<UploadRequest>), filesReceived: 0 });
      links = [made, ...links];
      return { status: 201, body: { message: REQUEST_MESSAGES.created, data: made } };
    }
    if (call.path === '/requests/r1' && call.method === 'PATCH') {
      return { body: { message: REQUEST_MESSAGES.updated, data: links[0] } };
    }
    if (call.path === '/requests/r1' && call.method === 'DELETE') {
      links = links.map((link) => ({ ...link, state: 'closed' as const }));
      return { body: { message: REQUEST_MESSAGES.closed, data: links[0] } };
    }
    if (call.path === '/requests/r1/files') return { body: { data: [received] } };
    return undefined;
  });
}

const folder: ShareTarget = { kind: 'folder', id: 'd1', name: 'Inbox' };

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <UploadLinksDialog folder={folder} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// jsdom has no modal dialogs: the dialog's contents count as hidden, so queries ask for hidden elements too.
const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const title = (name: string) => screen.findByRole('heading', { name, hidden: true });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const callsTo = (calls: ApiCall[], method: string) => calls.filter((call) => call.method === method);

describe('the upload links dialog', () => {
  it('lists the folder’s links with their state and what came through them', async () => {
    requestServer([linkOf('r1')]);
    renderDialog();
    await title('Upload links of Inbox');
    const list = await screen.findByRole('list', { name: 'Upload links to this folder', hidden: true });
    expect(within(list).getByText('Client photos')).toBeTruthy();
    expect(within(list).getByText('active')).toBeTruthy();
    expect(within(list).getByText('3 files of 10 · 2 MB of 200 MB')).toBeTruthy();
    expect(button('Copy upload link Client photos')).toBeTruthy();
  });

  it('wants a label; with one, makes the link from the options and shows its address to copy', async () => {
    const calls = requestServer([]);
    renderDialog();
    await screen.findByText('No upload links to this folder yet.');
    fireEvent.click(button('New upload link'));
    await title('New upload link to Inbox');
    fireEvent.click(button('Create'));
    expect(await screen.findByText(REQUEST_MESSAGES.labelRequired)).toBeTruthy();
    expect(document.activeElement).toBe(field('Label'));
    expect(callsTo(calls, 'POST')).toEqual([]);

    fireEvent.change(field('Label'), { target: { value: 'Tax papers' } });
    fireEvent.change(field('Message (optional)'), { target: { value: 'PDFs please' } });
    fireEvent.change(field('File limit (optional)'), { target: { value: '5' } });
    fireEvent.change(field('Size limit in MB (optional)'), { target: { value: '1.5' } });
    fireEvent.change(field('Expires'), { target: { value: 'never' } });
    fireEvent.click(button('Create'));
    await title('Upload link ready');
    expect(callsTo(calls, 'POST')[0]?.body).toEqual({
      label: 'Tax papers',
      message: 'PDFs please',
      maxFiles: 5,
      maxBytes: Math.round(1.5 * MB),
    });
    expect(field('Upload link').value).toBe(`${window.location.origin}/r/token-new`);
    expect(button('Copy upload link')).toBeTruthy();
  });

  it('refuses a file limit that is no whole number before asking the server', async () => {
    const calls = requestServer([]);
    renderDialog();
    fireEvent.click(button('New upload link'));
    await title('New upload link to Inbox');
    fireEvent.change(field('Label'), { target: { value: 'Tax papers' } });
    fireEvent.change(field('File limit (optional)'), { target: { value: '2.5' } });
    fireEvent.click(button('Create'));
    expect(await screen.findByText(REQUEST_MESSAGES.maxFiles)).toBeTruthy();
    expect(callsTo(calls, 'POST')).toEqual([]);
  });

  it('changes a link: an emptied limit or message is removed, the password can go, the expiry stays', async () => {
    const calls = requestServer([linkOf('r1')]);
    renderDialog();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit upload link Client photos', hidden: true }),
    );
    await title('Edit Client photos');
    expect(field('Label').value).toBe('Client photos');
    expect(field('Size limit in MB (optional)').value).toBe('200');
    fireEvent.change(field('Message (optional)'), { target: { value: '' } });
    fireEvent.change(field('File limit (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Remove the password'));
    fireEvent.click(button('Save'));
    await title('Upload links of Inbox');
    expect(callsTo(calls, 'PATCH')[0]).toMatchObject({
      path: '/requests/r1',
      body: { label: 'Client photos', message: null, password: null, maxFiles: null, maxBytes: 200 * MB },
    });
    expect(callsTo(calls, 'PATCH')[0]?.body).not.toHaveProperty('expiresAt');
  });

  it('shows what came through a link, with who sent it', async () => {
    requestServer([linkOf('r1')]);
    renderDialog();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Files received through Client photos', hidden: true }),
    );
    await title('Received through Client photos');
    expect(await screen.findByText(/Uploaded by Dana through Client photos/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'beach', hidden: true }).getAttribute('href')).toBe(
      '/dashboard/file/f1',
    );
  });

  it('closes a link once confirmed; a closed link offers no Copy, Edit or Close', async () => {
    const calls = requestServer([linkOf('r1')]);
    renderDialog();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Close upload link Client photos', hidden: true }),
    );
    fireEvent.click(button('Close link'));
    await waitFor(() => expect(callsTo(calls, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit upload link Client photos', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy upload link Client photos', hidden: true })).toBeNull();
  });
});
