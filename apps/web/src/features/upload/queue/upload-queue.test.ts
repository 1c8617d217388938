import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALLOWED_MIME_TYPES,
  MESSAGES,
  unsupportedTypeMessage,
  type BatchUploadResult,
} from '@cloudstash/contract';
import { ApiError } from '../../../api/api-client';
import type { UploadInput } from '../api/upload-file';
import { NOTIFY_EVERY_MS, PARALLEL_UPLOADS, UploadQueue, type UploadLimits } from './upload-queue';

const sent: { input: UploadInput; finish: () => void; fail: (error: Error) => void }[] = [];
const batches: {
  inputs: readonly UploadInput[];
  finish: (results: BatchUploadResult[]) => void;
  fail: (error: Error) => void;
}[] = [];
const madeFolders: { name: string; parentId: string | null }[] = [];

vi.mock('../api/upload-file', () => ({
  uploadFile: (input: UploadInput) =>
    new Promise((resolve, reject) => sent.push({ input, finish: () => resolve({}), fail: reject })),
  uploadBatch: (inputs: readonly UploadInput[]) =>
    new Promise((resolve, reject) =>
      batches.push({ inputs, finish: (results) => resolve({ data: { results } }), fail: reject }),
    ),
}));
vi.mock('../../../api/folders', () => ({
  createFolder: async (body: { name: string; parentId: string | null }) => {
    madeFolders.push(body);
    return { data: { _id: `id-of-${body.name}` } };
  },
  findChildFolder: async () => undefined,
}));

afterEach(() => {
  sent.length = 0;
  batches.length = 0;
  madeFolders.length = 0;
});

const LIMITS: UploadLimits = {
  maxUploadBytes: 1000,
  allowedTypes: [...ALLOWED_MIME_TYPES],
  resumableChunkBytes: 10_000,
};
const text = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A queue; `batchFiles` 1 sends each file alone, as large files always go. */
function newQueue(batchFiles = 1) {
  const uploaded = vi.fn();
  const queue = new UploadQueue({ limits: async () => LIMITS, onUploaded: uploaded, batchFiles });
  return { queue, uploaded };
}
const stored = { status: 201, file: {} } as BatchUploadResult;

describe('upload queue', () => {
  it('sends three files at a time and starts the next as one finishes', async () => {
    const { queue, uploaded } = newQueue();
    queue.add(
      Array.from({ length: 5 }, (_, i) => ({ file: text(`f${i}.txt`), folders: [] })),
      'top-folder',
    );
    await settle();
    expect(sent).toHaveLength(PARALLEL_UPLOADS);
    expect(sent[0]?.input).toMatchObject({ filename: 'f0', folderId: 'top-folder' });
    sent[0]?.finish();
    await settle();
    expect(sent).toHaveLength(4);
    expect(queue.getSnapshot().items.map((item) => item.status)).toEqual([
      'done',
      'uploading',
      'uploading',
      'uploading',
      'waiting',
    ]);
    expect(uploaded).toHaveBeenCalledTimes(1);
  });

  it('recreates dropped folders once each, parents first, and sends each file into its own', async () => {
    const { queue } = newQueue();
    queue.add(
      [
        { file: text('a.txt'), folders: ['Trip', 'Day 1'] },
        { file: text('b.txt'), folders: ['Trip', 'Day 1'] },
        { file: text('c.txt'), folders: ['Trip'] },
      ],
      null,
    );
    await settle();
    await settle();
    expect(madeFolders).toEqual([
      { name: 'Trip', parentId: null },
      { name: 'Day 1', parentId: 'id-of-Trip' },
    ]);
    expect(sent.map((one) => one.input.folderId).sort()).toEqual([
      'id-of-Day 1',
      'id-of-Day 1',
      'id-of-Trip',
    ]);
  });

  it('says why a file was refused, before sending it or from the server, and retries on request', async () => {
    const { queue } = newQueue();
    const zip = new File(['x'], 'archive.zip', { type: 'application/zip' });
    queue.add(
      [
        { file: zip, folders: [] },
        { file: text('big.txt'), folders: [] },
      ],
      null,
    );
    await settle();
    const [refused, big] = queue.getSnapshot().items;
    expect(refused).toMatchObject({
      status: 'failed',
      error: unsupportedTypeMessage('application/zip', LIMITS.allowedTypes),
    });
    sent[0]?.fail(new ApiError('Storage quota exceeded', 413));
    await settle();
    expect(queue.getSnapshot().items[1]).toMatchObject({ status: 'failed', error: 'Storage quota exceeded' });
    queue.retry(big!.id);
    await settle();
    expect(sent).toHaveLength(2);
    expect(queue.getSnapshot().items[1]?.status).toBe('uploading');
  });

  it('cancel stops a file for good, and is not reported as a failure', async () => {
    const { queue } = newQueue();
    queue.add([{ file: text('a.txt'), folders: [] }], null);
    await settle();
    const [item] = queue.getSnapshot().items;
    queue.cancel(item!.id);
    sent[0]?.fail(new ApiError('Upload cancelled', 0, 'ABORTED'));
    await settle();
    expect(queue.getSnapshot().items[0]).toMatchObject({ status: 'cancelled', error: null });
    expect(queue.busy).toBe(false);
  });

  it('tells its listeners once for a burst of changes, while a read always sees the queue as it is', async () => {
    vi.useFakeTimers();
    try {
      const { queue } = newQueue();
      const heard = vi.fn();
      queue.subscribe(heard);
      queue.add(
        Array.from({ length: 50 }, (_, i) => ({ file: text(`f${i}.txt`), folders: [] })),
        null,
      );
      await vi.advanceTimersByTimeAsync(NOTIFY_EVERY_MS - 1);
      const statuses = queue.getSnapshot().items.map((item) => item.status);
      expect(statuses.filter((status) => status === 'uploading')).toHaveLength(PARALLEL_UPLOADS);
      expect(heard).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends small files together, sixteen to a request, three requests at a time', async () => {
    const { queue, uploaded } = newQueue(16);
    queue.add(
      Array.from({ length: 60 }, (_, i) => ({ file: text(`f${i}.txt`), folders: [] })),
      'top',
    );
    await settle();
    expect(sent).toHaveLength(0);
    expect(batches.map((batch) => batch.inputs.length)).toEqual([16, 16, 16]);
    expect(batches[1]?.inputs[0]).toMatchObject({ filename: 'f16', folderId: 'top' });
    batches[0]?.finish(Array.from({ length: 16 }, () => stored));
    await settle();
    const statuses = queue.getSnapshot().items.map((item) => item.status);
    expect(statuses.filter((status) => status === 'done')).toHaveLength(16);
    expect(batches.map((batch) => batch.inputs.length)).toEqual([16, 16, 16, 12]);
    expect(uploaded).toHaveBeenCalledTimes(16);
  });

  it('says for each file of a request why it was refused, and what the request never read', async () => {
    const { queue } = newQueue(16);
    queue.add(
      ['a', 'b', 'c', 'd'].map((name) => ({ file: text(`${name}.txt`), folders: [] })),
      null,
    );
    await settle();
    batches[0]?.finish([
      stored,
      { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Storage quota exceeded' },
      stored,
    ]);
    await settle();
    expect(queue.getSnapshot().items.map(({ status, error }) => [status, error])).toEqual([
      ['done', null],
      ['failed', 'Storage quota exceeded'],
      ['done', null],
      ['failed', MESSAGES.uploadFailed],
    ]);
  });

  it('cancelling one file of a request stops it, and sends the others again without it', async () => {
    const { queue } = newQueue(16);
    queue.add(
      ['a', 'b', 'c'].map((name) => ({ file: text(`${name}.txt`), folders: [] })),
      null,
    );
    await settle();
    const [, b] = queue.getSnapshot().items;
    queue.cancel(b!.id);
    batches[0]?.fail(new ApiError('Upload cancelled', 0, 'ABORTED'));
    await settle();
    await settle();
    expect(batches[1]?.inputs.map((input) => input.filename)).toEqual(['a', 'c']);
    expect(queue.getSnapshot().items.map((item) => item.status)).toEqual([
      'uploading',
      'cancelled',
      'uploading',
    ]);
  });

  it('fails every file of a request that was lost, each with the same words, and retries one alone', async () => {
    const { queue } = newQueue(16);
    queue.add(
      ['a', 'b'].map((name) => ({ file: text(`${name}.txt`), folders: [] })),
      null,
    );
    await settle();
    batches[0]?.fail(new ApiError('Network error', 0, 'NETWORK'));
    await settle();
    expect(queue.getSnapshot().items.map(({ status, error }) => [status, error])).toEqual([
      ['failed', MESSAGES.uploadFailed],
      ['failed', MESSAGES.uploadFailed],
    ]);
    queue.retry(queue.getSnapshot().items[0]!.id);
    await settle();
    expect(batches).toHaveLength(1);
    expect(sent.map((one) => one.input.filename)).toEqual(['a']);
  });
});
