import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MESSAGES } from '@cloudstash/contract';
import { ApiError } from '../../../api/api-client';
import { LinkUploadQueue, PARALLEL_UPLOADS } from './link-upload-queue';
import type { LinkUpload } from './send-to-link';
import { readUnfinished, writeUnfinished } from './unfinished-uploads';

interface Sent {
  how: 'whole' | 'resumable';
  upload: LinkUpload;
  finish: () => void;
  fail: (error: Error) => void;
}
const sent: Sent[] = [];

vi.mock('./send-to-link', () => ({
  sendWhole: (upload: LinkUpload) =>
    new Promise((resolve, reject) =>
      sent.push({ how: 'whole', upload, finish: () => resolve({}), fail: reject }),
    ),
  sendResumable: (upload: LinkUpload) => ({
    done: new Promise<void>((resolve, reject) =>
      sent.push({ how: 'resumable', upload, finish: resolve, fail: reject }),
    ),
    stop: () => undefined,
  }),
}));

const CHUNK = 1000;
const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { lastModified: 7 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const newQueue = (token = 'tok') => new LinkUploadQueue({ token, resumableChunkBytes: async () => CHUNK });
const statuses = (queue: LinkUploadQueue) => queue.getSnapshot().items.map((item) => item.status);

beforeEach(() => localStorage.clear());
afterEach(() => void (sent.length = 0));

describe('an upload link’s queue', () => {
  it('sends three at a time under the visitor’s name, large files resumably, the next as one ends', async () => {
    const queue = newQueue();
    queue.add([file('a'), file('big', CHUNK + 1), file('c'), file('d')], 'Robin');
    await settle();
    expect(sent.map((one) => [one.how, one.upload.file.name, one.upload.uploaderName])).toEqual([
      ['whole', 'a', 'Robin'],
      ['resumable', 'big', 'Robin'],
      ['whole', 'c', 'Robin'],
    ]);
    expect(sent).toHaveLength(PARALLEL_UPLOADS);
    sent[1]!.upload.onProgress(500);
    expect(queue.getSnapshot().items[1]).toMatchObject({ status: 'uploading', sent: 500 });
    sent[0]!.finish();
    await settle();
    expect(statuses(queue)).toEqual(['done', 'uploading', 'uploading', 'uploading']);
  });

  it('shows the server’s reason for a refused file, and sends it again on Retry', async () => {
    const queue = newQueue();
    queue.add([file('a')], 'Robin');
    await settle();
    sent[0]!.fail(new ApiError(REQUEST_MESSAGES.bytesLimit, 413));
    await settle();
    expect(queue.getSnapshot().items[0]).toMatchObject({
      status: 'failed',
      error: REQUEST_MESSAGES.bytesLimit,
    });
    queue.retry('0');
    await settle();
    expect(sent).toHaveLength(2);
    sent[1]!.finish();
    await settle();
    expect(statuses(queue)).toEqual(['done']);
  });

  it('remembers per link what is still open, offers it after a reload, and drops it once chosen again', async () => {
    const queue = newQueue();
    queue.add([file('a'), file('b')], 'Robin');
    await settle();
    sent[0]!.finish();
    await settle();
    expect(readUnfinished('tok').map((entry) => entry.name)).toEqual(['b']);
    expect(readUnfinished('other')).toEqual([]);

    // The page reloaded: a new queue for the link offers b, until it is chosen again.
    const reloaded = newQueue();
    expect(reloaded.getSnapshot().unfinished.map((entry) => entry.name)).toEqual(['b']);
    reloaded.add([file('b')], 'Robin');
    expect(reloaded.getSnapshot().unfinished).toEqual([]);
  });

  it('forgets what a reload left when asked', () => {
    writeUnfinished('tok', [{ name: 'b', size: 10, lastModified: 7 }]);
    const queue = newQueue();
    queue.forget();
    expect(queue.getSnapshot().unfinished).toEqual([]);
    expect(readUnfinished('tok')).toEqual([]);
  });
});
