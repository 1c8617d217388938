import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  ALLOWED_MIME_TYPES,
  ANY_FILE_TYPE,
  fileTooLargeMessage,
  unsupportedTypeMessage,
} from '@cloudstash/contract';
import UploadPage from './UploadPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The upload page on an instance whose limit is `maxUploadBytes` and whose allowed types are `allowedTypes`; its
 * answer to GET /config waits until the returned `answerConfig` is called, as on a slow connection.
 */
function renderUploadPage(maxUploadBytes: number, allowedTypes: readonly string[] = ALLOWED_MIME_TYPES) {
  let answerConfig = () => {};
  const configAnswered = new Promise<void>((resolve) => (answerConfig = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/config')) {
        await configAnswered;
        // One piece holds the whole file: it goes up in one request, as small files do.
        return json({
          data: { maxUploadBytes, allowedTypes, resumableChunkBytes: 256 * MB },
        });
      }
      if (url.endsWith('/files/stats')) return json({ data: { totalFiles: 0, totalStorageUsed: 0 } });
      return new Response('{}', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/upload', element: <UploadPage /> }], {
    initialEntries: ['/upload'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return answerConfig;
}

/** A 60 MB video, as far as the page can tell: only its size and type are read before sending. */
function sixtyMegabyteVideo() {
  const file = new File(['bytes'], 'holiday.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: 60 * MB });
  return file;
}

const filenameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /file ?name/i });
const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });

describe('UploadPage, a file chosen before the instance’s limits have loaded', () => {
  it('is checked against the instance’s limit, not the default 5 MB', async () => {
    const answerConfig = renderUploadPage(200 * MB);
    // Nor does the hint state the default as this instance's limit while it loads.
    expect(screen.getByText(/plain text/).textContent).not.toMatch(/up to/);
    choose(sixtyMegabyteVideo());
    answerConfig();
    await waitFor(() => expect(filenameField().value).toBe('holiday'));
    expect(screen.queryByText(/File size must be less than/)).toBeNull();
  });

  it('names the instance’s limit in the hint once it is known', async () => {
    renderUploadPage(200 * MB)();
    await screen.findByText(/plain text, up to 200 MB/);
  });

  it('is still refused when it is over the instance’s own limit', async () => {
    const answerConfig = renderUploadPage(50 * MB);
    choose(sixtyMegabyteVideo());
    answerConfig();
    await screen.findByText(fileTooLargeMessage(60 * MB, 50 * MB));
    expect(filenameField().value).toBe('');
  });
});

describe('UploadPage, the types the instance allows', () => {
  const allowed = ['image/png', 'text/markdown'];
  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('offers the contract’s types in the file picker until the instance has answered, then the instance’s', async () => {
    const answerConfig = renderUploadPage(200 * MB, allowed);
    expect(fileInput().accept).toBe(ALLOWED_MIME_TYPES.join(','));
    answerConfig();
    await waitFor(() => expect(fileInput().accept).toBe('image/png,text/markdown'));
  });

  it('accepts a type the instance allows beyond the contract’s list', async () => {
    renderUploadPage(200 * MB, allowed)();
    choose(new File(['# notes'], 'notes.md', { type: 'text/markdown' }));
    await waitFor(() => expect(filenameField().value).toBe('notes'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a type the instance does not allow, naming the types it does', async () => {
    renderUploadPage(200 * MB, allowed)();
    choose(sixtyMegabyteVideo());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File type "video/mp4" is not supported. Allowed types: image/png, text/markdown',
    );
    expect(screen.getByRole('alert').textContent).toBe(unsupportedTypeMessage('video/mp4', allowed));
    expect(filenameField().value).toBe('');
  });
});

describe('UploadPage on an instance that takes any file', () => {
  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('offers every file in the picker and says so, once the instance has answered', async () => {
    const answerConfig = renderUploadPage(200 * MB, [ANY_FILE_TYPE]);
    expect(fileInput().accept).toBe(ALLOWED_MIME_TYPES.join(','));
    expect(screen.getByText(/^Images \(JPEG, PNG, GIF, WebP\), videos/)).toBeTruthy();
    answerConfig();
    await waitFor(() => expect(fileInput().hasAttribute('accept')).toBe(false));
    expect(screen.getByText('Any type of file, up to 200 MB')).toBeTruthy();
    expect(screen.queryByText(/^Images \(JPEG/)).toBeNull();
  });

  it('takes a file of a type the spec does not name, labelled for what it is (an archive)', async () => {
    renderUploadPage(200 * MB, [ANY_FILE_TYPE])();
    choose(new File(['PK'], 'archive.zip', { type: 'application/zip' }));
    await waitFor(() => expect(filenameField().value).toBe('archive'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/^Archive · /)).toBeTruthy();
  });

  it('labels File what it cannot name', async () => {
    renderUploadPage(200 * MB, [ANY_FILE_TYPE])();
    choose(new File(['?'], 'model.blend', { type: '' }));
    await waitFor(() => expect(filenameField().value).toBe('model'));
    expect(screen.getByText(/^File · /)).toBeTruthy();
  });
});

describe('UploadPage on a media-only instance', () => {
  it('takes a text format the browser names by its own type (a .csv is plain text)', async () => {
    renderUploadPage(200 * MB)();
    choose(new File(['a,b\n'], 'budget.csv', { type: 'text/csv' }));
    await waitFor(() => expect(filenameField().value).toBe('budget'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/^Text · /)).toBeTruthy();
  });
});
