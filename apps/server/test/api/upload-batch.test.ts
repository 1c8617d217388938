import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_UPLOAD_MAX_BYTES,
  BATCH_UPLOAD_MAX_FILES,
  FOLDER_MESSAGES,
  MESSAGES,
  batchUploadMessage,
  fileTooLargeMessage,
} from '@cloudstash/contract';
import { DIALECT_STORES, makeFolder, startOnStore } from '../helpers/folder-setup';
import { png, sha256, text } from '../helpers/fixtures';
import { signedUp, type TestApp } from '../helpers/test-app';
import type { TestClient, UploadInput } from '../helpers/test-client';

const KB = 1024;
const note = (name: string, folderId?: string): UploadInput => ({
  bytes: text(`${name} ${Math.random()}`),
  name,
  type: 'text/plain',
  folderId,
});

describe.each(DIALECT_STORES)('batch uploads (%s, %s store)', (dialect, store) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await startOnStore(dialect, store, { MAX_UPLOAD_BYTES: String(64 * KB) });
    admin = await signedUp(t, { name: 'Admin' });
    owner = await signedUp(t, { name: 'Owner' });
    stranger = await signedUp(t, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  it('stores each file in its own folder with its own fields, in the order sent, deduplicated as ever', async () => {
    const photos = await makeFolder(owner, 'Photos');
    const image = png(7, 8, 8);
    const answer = await owner.uploadBatch([
      { ...note('a.txt'), filename: 'first' },
      { bytes: image, name: 'p.png', type: 'image/png', folderId: photos, isPublic: true },
      { bytes: image, name: 'again.png', type: 'image/png', folderId: 'root' },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(batchUploadMessage(3, 3));
    const results = answer.body.data.results;
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201]);
    expect(results[0].file).toMatchObject({ filename: 'first', folderId: null, isPublic: false });
    expect(results[1].file).toMatchObject({ filename: 'p', folderId: photos, isPublic: true });
    expect(results[2].file).toMatchObject({ filename: 'again', folderId: null, isPublic: false });

    const inPhotos = await owner.get(`/api/v1/files/user-files?folderId=${photos}`);
    expect(inPhotos.body.data.map((f: { filename: string }) => f.filename)).toEqual(['p']);
    const bytes = await owner.get(`/api/v1/files/f/${results[2].file._id}/content`);
    expect(sha256(bytes.bytes)).toBe(sha256(image));
    const stats = await owner.get('/api/v1/files/stats');
    expect(stats.status).toBe(200);
  });

  it('refuses one file for itself and stores the others: type, emptiness, size, a folder not mine', async () => {
    const theirs = await makeFolder(stranger, 'Theirs');
    const answer = await owner.uploadBatch([
      note('ok-1.txt'),
      {
        bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
        name: 'tool.exe',
        type: 'application/x-msdownload',
      },
      { bytes: Buffer.alloc(0), name: 'empty.txt', type: 'text/plain' },
      { bytes: Buffer.alloc(65 * KB, 'a'), name: 'big.txt', type: 'text/plain' },
      note('lost.txt', theirs),
      note('ok-2.txt'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(batchUploadMessage(2, 6));
    const results = answer.body.data.results;
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 415, 400, 413, 404, 201]);
    expect(results[2].message).toBe(MESSAGES.emptyFile);
    expect(results[3].message).toBe(fileTooLargeMessage(65 * KB, 64 * KB));
    expect(results[4].message).toBe(FOLDER_MESSAGES.notFound);
    expect(results[5].file.filename).toBe('ok-2');
    const none = await stranger.get(`/api/v1/files/user-files?folderId=${theirs}`);
    expect(none.body.data).toEqual([]);
  });

  it(`reads at most ${BATCH_UPLOAD_MAX_FILES} files, and says the rest were not read`, async () => {
    const folder = await makeFolder(owner, 'Many');
    const inputs = Array.from({ length: BATCH_UPLOAD_MAX_FILES + 3 }, (_, i) => note(`n-${i}.txt`, folder));
    const answer = await owner.uploadBatch(inputs);
    expect(answer.status).toBe(200);
    const results = answer.body.data.results;
    expect(results).toHaveLength(BATCH_UPLOAD_MAX_FILES + 1);
    expect(results.slice(0, BATCH_UPLOAD_MAX_FILES).every((r: { status: number }) => r.status === 201)).toBe(
      true,
    );
    expect(results.at(-1)).toMatchObject({ status: 413, message: MESSAGES.batchTooLarge });
    const listed = await owner.get(`/api/v1/files/user-files?folderId=${folder}&limit=100`);
    expect(listed.body.meta.total).toBe(BATCH_UPLOAD_MAX_FILES);
  });

  it('refuses a request declaring more than the batch may carry before reading it', async () => {
    const answer = await owner.uploadBatch([
      { bytes: Buffer.alloc(BATCH_UPLOAD_MAX_BYTES + 128 * KB, 'a'), name: 'huge.txt', type: 'text/plain' },
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(MESSAGES.batchTooLarge);
  });

  it('answers a request with no file, no session or no form as a single upload would', async () => {
    const empty = await owner.uploadBatch([]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.selectFile);
    const json = await owner.post('/api/v1/files/upload-batch', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(MESSAGES.selectFile);
    const anonymous = await t.client().uploadBatch([note('x.txt')]);
    expect(anonymous.status).toBe(401);
  });

  it('holds every file to the quota: the ones that fit are stored, the rest refused', async () => {
    const tight = await signedUp(t, { name: 'Tight' });
    expect((await admin.patch(`/api/v1/admin/users/${tight.user!._id}`, { quotaBytes: 5 * KB })).status).toBe(
      200,
    );
    const piece = (name: string): UploadInput => ({
      bytes: Buffer.alloc(2 * KB, name),
      name,
      type: 'text/plain',
    });
    const answer = await tight.uploadBatch([piece('a.txt'), piece('b.txt'), piece('c.txt')]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 413]);
    expect(answer.body.data.results[2].message).toBe(MESSAGES.quotaExceeded);
  });
});
