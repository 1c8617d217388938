import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALLOWED_MIME_TYPES, unsupportedTypeMessage } from '@cloudstash/contract';
import { ApiError } from '../../../api/api-client';
import type { UploadInput } from '../api/upload-file';
import { NOTIFY_EVERY_MS, PARALLEL_UPLOADS, UploadQueue, type UploadLimits } from './upload-queue';

const sent: { input: UploadInput; finish: () => void; fail: (error: Error) => void }[] = [];
const madeFolders: { name: string; parentId: string | null }[] = [];

vi.mock('../api/upload-file', () => ({
  uploadFile: (input: UploadInput) =>
    new Promise((resolve, reject) => sent.push({ input, finish: () => resolve({}), fail: reject })),
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
  madeFolders.length = 0;
});

const LIMITS: UploadLimits = {
  maxUploadBytes: 1000,
  allowedTypes: [...ALLOWED_MIME_TYPES],
  resumableChunkBytes: 10_000,
};
const text = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function newQueue() {
  const uploaded = vi.fn();
  return { queue: new UploadQueue({ limits: async () => LIMITS, onUploaded: uploaded }), uploaded };
}

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
});
