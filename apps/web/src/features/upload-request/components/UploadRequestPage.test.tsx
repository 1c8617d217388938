import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { LINK_MESSAGES, REQUEST_MESSAGES, type RequestVisit } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi } from '../../../test-support';
import UploadRequestPage from './UploadRequestPage';

// The form upload itself is XHR: the test plays the server's part of it here.
const sent = vi.hoisted(() => [] as Array<{ path: string; uploaderName: unknown; file: unknown }>);
vi.mock('../../../api/form-upload', () => ({
  postFormWithProgress: async (path: string, form: FormData) => {
    sent.push({ path, uploaderName: form.get('uploaderName'), file: form.get('file') });
    return { message: REQUEST_MESSAGES.uploaded, data: { _id: 'x', filename: 'x', size: 1 } };
  },
}));

const MB = 1024 * 1024;
const OPEN: RequestVisit = {
  passwordRequired: false,
  ownerName: 'Dana Owner',
  label: 'Wedding photos',
  message: 'Your best shots\nfrom the day',
  expiresAt: null,
  filesLeft: 5,
  bytesLeft: 200 * MB,
  maxFileBytes: 5 * MB,
};

/** The link's server: `visit` for GET /r/tok (null: gone), `password` unlocks it. */
function linkServer(visit: RequestVisit | null, password?: string) {
  let unlocked = false;
  return fakeApi((call) => {
    if (call.path === '/config') {
      return {
        body: { data: { maxUploadBytes: 5 * MB, allowedTypes: ['*/*'], resumableChunkBytes: 8 * MB } },
      };
    }
    if (call.path === '/r/tok' && call.method === 'GET') {
      if (!visit) return undefined;
      return { body: { data: password && !unlocked ? { passwordRequired: true } : visit } };
    }
    if (call.path === '/r/tok/unlock') {
      const body = call.body as { password: string };
      if (body.password !== password)
        return { status: 401, body: { message: LINK_MESSAGES.linkPasswordWrong } };
      unlocked = true;
      return { body: { message: LINK_MESSAGES.linkUnlocked } };
    }
    return undefined;
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/r/:token', element: <UploadRequestPage /> }], {
    initialEntries: ['/r/tok'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Wedding photos' });
const nameField = () => screen.getByLabelText('Your name') as HTMLInputElement;

beforeEach(() => {
  sent.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the upload link page', () => {
  it('says who asks for what, with the message and what the link still takes', async () => {
    linkServer(OPEN);
    renderPage();
    await heading();
    expect(screen.getByText('Dana Owner asks you to send files')).toBeTruthy();
    expect(screen.getByText(/Your best shots/).textContent).toBe('Your best shots\nfrom the day');
    expect(screen.getByText('5 files left')).toBeTruthy();
    expect(screen.getByText('200 MB left')).toBeTruthy();
    expect(screen.getByText('Up to 5 MB per file')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    // Nothing of the folder is shown: no list of files until the visitor sends some.
    expect(screen.queryByRole('heading', { name: 'Your files' })).toBeNull();
  });

  it('shows the same screen as any ended link when the link is gone', async () => {
    linkServer(null);
    renderPage();
    expect(await screen.findByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeTruthy();
    expect(screen.queryByLabelText('Your name')).toBeNull();
  });

  it('asks for the password first; a wrong one is said beside the field, the right one opens the page', async () => {
    linkServer(OPEN, 'letmein1');
    renderPage();
    const password = await screen.findByLabelText('Password');
    expect(screen.queryByText('Wedding photos')).toBeNull();
    fireEvent.change(password, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(LINK_MESSAGES.linkPasswordWrong)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'letmein1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    // The form is gone: focus is on the page's heading, so a screen reader says where the visitor is.
    await waitFor(async () => expect(document.activeElement).toBe(await heading()));
  });

  it('asks for a name before any file: the field says so and takes focus', async () => {
    linkServer(OPEN);
    renderPage();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Choose files' }));
    expect(screen.getByText(REQUEST_MESSAGES.uploaderNameRequired)).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameField());

    // Dropped files without a name are not sent either.
    const photo = new File(['abc'], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('upload-link-input'), { target: { files: [photo] } });
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(sent).toEqual([]);
  });

  it('sends each chosen file under the name, which stays for the visit, and counts what is left', async () => {
    sessionStorage.setItem('cloudstash.uploader-name', 'Robin');
    linkServer(OPEN);
    renderPage();
    await heading();
    expect(nameField().value).toBe('Robin');
    const files = ['a.png', 'b.png'].map((name) => new File(['abc'], name, { type: 'image/png' }));
    fireEvent.change(screen.getByTestId('upload-link-input'), { target: { files } });
    const list = await screen.findByRole('region', { name: 'Your files' });
    await waitFor(() => expect(within(list).getAllByText('Done')).toHaveLength(2));
    expect(within(list).getByText('2 of 2 sent · all done')).toBeTruthy();
    expect(sent.map((one) => [one.path, one.uploaderName, (one.file as File).name])).toEqual([
      ['/r/tok/files', 'Robin', 'a.png'],
      ['/r/tok/files', 'Robin', 'b.png'],
    ]);
    expect(screen.getByText('3 files left')).toBeTruthy();
  });

  it('still lists the files this browser sent after a reload, from its own record', async () => {
    sessionStorage.setItem('cloudstash.uploader-name', 'Robin');
    linkServer(OPEN);
    renderPage();
    await heading();
    const files = [new File(['abc'], 'proofs.pdf', { type: 'application/pdf' })];
    fireEvent.change(screen.getByTestId('upload-link-input'), { target: { files } });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Your files' })).getByText('Done')).toBeTruthy(),
    );

    // A reload: a new page, a new queue, the same browser.
    cleanup();
    renderPage();
    await heading();
    const list = await screen.findByRole('region', { name: 'Your files' });
    expect(within(list).getByText('proofs.pdf')).toBeTruthy();
    expect(within(list).getByText(/^Sent /)).toBeTruthy();
  });
});
