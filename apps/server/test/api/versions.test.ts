import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, VERSION_MESSAGES } from '@cloudstash/contract';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { DIALECTS, type TestDialect } from '../helpers/dialects';
import { png, sha256, text, zip } from '../helpers/fixtures';
import { startTestApp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const QUOTA = 10_000;

/** Distinct text bytes of an exact size, so every figure below can be added up by hand. */
const bytesOf = (label: string, size: number) => text(label.padEnd(size, '.'));

/** Every dialect on the local store, and the S3 store (SQLite metadata, so it runs without PostgreSQL too). */
const MATRIX: { dialect: TestDialect; store: 'fs' | 's3' }[] = [
  ...DIALECTS.map((dialect) => ({ dialect, store: 'fs' as const })),
  { dialect: 'sqlite', store: 's3' },
];

/** Sends new bytes for a file as a form (the web app's way) or as the whole body (a script's way). */
function replace(client: TestClient, fileId: string, bytes: Buffer, how: 'form' | 'raw' = 'form') {
  const url = `/api/v1/files/f/${fileId}/content`;
  if (how === 'raw')
    return client.request('PUT', url, { body: bytes, headers: { 'content-type': 'text/plain' } });
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/plain' }), 'new.txt');
  return client.request('PUT', url, { body: form });
}

describe.each(MATRIX)('file versions ($dialect, $store store)', ({ dialect, store }) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    s3 = store === 's3' ? await startTestS3() : undefined;
    const s3Env = s3 ? s3.env(await s3.createBucket()) : {};
    t = await startTestApp(dialect, {
      env: { VERSIONS_KEEP: '2', DEFAULT_QUOTA_BYTES: String(QUOTA), ...s3Env },
    });
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    owner = t.client();
    await owner.signUp({ name: 'Olive' });
    other = t.client();
    await other.signUp({ name: 'Otto' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** What the owner's stats and the instance's storage statistics say now, after reclamation ran. */
  async function figures() {
    await t.services.reclaims.drain();
    const mine = (await owner.get('/api/v1/files/stats')).body.data;
    const storage = (await admin.get('/api/v1/admin/stats')).body.data;
    return { mine, storage };
  }

  const versionsOf = async (fileId: string) => {
    const answer = await owner.get(`/api/v1/files/f/${fileId}/versions`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(VERSION_MESSAGES.versionsFetched);
    return answer.body.data as { _id: string; size: number; mimetype: string; createdAt: string }[];
  };

  it('keeps the two newest earlier versions, restores and deletes them, with quota and statistics exact at every step', async () => {
    const A = bytesOf('A', 1000);
    const B = bytesOf('B', 1200);
    const C = bytesOf('C', 1500);
    const shared = bytesOf('shared', 1700); // Otto holds these bytes too
    await other.upload({ bytes: shared, type: 'text/plain', name: 'otto.txt' });

    const base = await figures();
    const up = await owner.upload({ bytes: A, type: 'text/plain', name: 'notes.txt', isPublic: true });
    expect(up.status).toBe(201);
    const file = up.body.data;
    const id: string = file._id;
    expect(await versionsOf(id)).toEqual([]);

    // 1. B replaces A: A is the one version; the owner is charged for both, the instance stores both.
    t.clock.advance(1000);
    const replacing = t.clock.now();
    const first = await replace(owner, id, B);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(VERSION_MESSAGES.contentReplaced);
    expect(first.body.data).toMatchObject({
      _id: id,
      filename: 'notes',
      isPublic: true,
      downloadCount: 0,
      size: B.length,
      mimetype: 'text/plain',
      createdAt: file.createdAt,
    });
    // The new bytes' time is the file's updatedAt (the services' clock, which this test moves).
    expect(Date.parse(first.body.data.updatedAt)).toBeGreaterThan(replacing);
    expect(Date.parse(first.body.data.updatedAt)).toBeLessThan(t.clock.now());
    expect(await versionsOf(id)).toEqual([
      {
        _id: expect.any(String),
        size: A.length,
        mimetype: 'text/plain',
        downloadName: 'notes.txt',
        createdAt: first.body.data.updatedAt,
        replacedBy: { _id: owner.user!._id, name: 'Olive' },
      },
    ]);
    let now = await figures();
    expect(now.mine).toMatchObject({
      totalFiles: 1,
      totalStorageUsed: A.length + B.length,
      totalVersions: 1,
      versionBytes: A.length,
    });
    expect(now.storage).toMatchObject({
      totalLogicalSize: base.storage.totalLogicalSize + A.length + B.length,
      totalPhysicalSize: base.storage.totalPhysicalSize + A.length + B.length,
      totalFilesUploaded: base.storage.totalFilesUploaded + 1,
      totalVersions: 1,
      versionBytes: A.length,
    });
    expect(sha256((await owner.get(`/api/v1/files/f/${id}/content`)).bytes)).toBe(sha256(B));

    // 2. C replaces B, sent as the whole body: two versions, newest first.
    t.clock.advance(1000);
    expect((await replace(owner, id, C, 'raw')).status).toBe(200);
    expect((await versionsOf(id)).map((v) => v.size)).toEqual([B.length, A.length]);
    now = await figures();
    expect(now.mine).toMatchObject({
      totalStorageUsed: A.length + B.length + C.length,
      totalVersions: 2,
      versionBytes: A.length + B.length,
    });
    expect(now.storage.totalPhysicalSize).toBe(
      base.storage.totalPhysicalSize + A.length + B.length + C.length,
    );

    // 3. Otto's bytes replace C: the oldest version (A) goes, and its bytes with it; the new bytes were
    // stored already, so they add nothing physical.
    t.clock.advance(1000);
    expect((await replace(owner, id, shared)).status).toBe(200);
    const three = await versionsOf(id);
    expect(three.map((v) => v.size)).toEqual([C.length, B.length]);
    now = await figures();
    expect(now.mine).toMatchObject({
      totalStorageUsed: shared.length + C.length + B.length,
      totalVersions: 2,
      versionBytes: C.length + B.length,
    });
    expect(now.storage).toMatchObject({
      totalLogicalSize: base.storage.totalLogicalSize + shared.length + C.length + B.length,
      totalPhysicalSize: base.storage.totalPhysicalSize + C.length + B.length,
      versionBytes: C.length + B.length,
    });

    // 4. The same bytes again make no version and change nothing.
    t.clock.advance(1000);
    const same = await replace(owner, id, shared, 'raw');
    expect(same.status).toBe(200);
    expect(same.body.data.updatedAt).toBe((await owner.get(`/api/v1/files/f/${id}`)).body.data.updatedAt);
    expect(await versionsOf(id)).toEqual(three);
    expect(await figures()).toEqual(now);

    // 5. Restoring C swaps: C is the file's again, the current bytes become the newest version.
    t.clock.advance(1000);
    const restored = await owner.post(`/api/v1/files/f/${id}/versions/${three[0]!._id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(VERSION_MESSAGES.versionRestored);
    expect(restored.body.data).toMatchObject({ _id: id, size: C.length, isPublic: true });
    expect(sha256((await owner.get(`/api/v1/files/f/${id}/content`)).bytes)).toBe(sha256(C));
    const swapped = await versionsOf(id);
    expect(swapped.map((v) => v.size)).toEqual([shared.length, B.length]);
    const afterRestore = await figures();
    // The usage is the same; which bytes count as versions changed.
    expect(afterRestore.mine).toEqual({ ...now.mine, versionBytes: shared.length + B.length });
    expect(afterRestore.storage).toEqual({ ...now.storage, versionBytes: shared.length + B.length });

    // 6. A version downloads as an attachment, with its own bytes.
    const download = await owner.get(`/api/v1/files/f/${id}/versions/${swapped[1]!._id}/content`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(sha256(download.bytes)).toBe(sha256(B));

    // 7. Deleting a version frees its bytes.
    const removed = await owner.delete(`/api/v1/files/f/${id}/versions/${swapped[1]!._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(VERSION_MESSAGES.versionDeleted);
    expect((await versionsOf(id)).map((v) => v.size)).toEqual([shared.length]);
    now = await figures();
    expect(now.mine).toMatchObject({
      totalStorageUsed: C.length + shared.length,
      totalVersions: 1,
      versionBytes: shared.length,
    });
    expect(now.storage.totalPhysicalSize).toBe(base.storage.totalPhysicalSize + C.length);
    const gone = await owner.delete(`/api/v1/files/f/${id}/versions/${swapped[1]!._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(VERSION_MESSAGES.versionNotFound);

    // 8. Deleting the file takes its versions; Otto's bytes stay his.
    expect((await owner.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
    now = await figures();
    expect(now.mine).toEqual({
      totalFiles: 0,
      totalStorageUsed: 0,
      totalPublicFiles: 0,
      totalDownloadCount: 0,
      quotaBytes: QUOTA,
    });
    expect(now.storage).toEqual(base.storage);
    const ottos = (await other.get('/api/v1/files/user-files')).body.data[0];
    expect(sha256((await other.get(`/api/v1/files/f/${ottos._id}/content`)).bytes)).toBe(sha256(shared));
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });

  it("shows a file's versions to its owner alone, and lets no one else replace its bytes", async () => {
    const own = await owner.upload({ bytes: bytesOf('private', 300), type: 'text/plain', name: 'p.txt' });
    const pub = await owner.upload({
      bytes: bytesOf('public', 300),
      type: 'text/plain',
      name: 'q.txt',
      isPublic: true,
    });
    const privateId = own.body.data._id;
    const publicId = pub.body.data._id;
    expect((await replace(owner, publicId, bytesOf('public v2', 310))).status).toBe(200);
    const [version] = await versionsOf(publicId);

    for (const viewer of [other, admin]) {
      for (const fileId of [privateId, publicId]) {
        const list = await viewer.get(`/api/v1/files/f/${fileId}/versions`);
        expect(list.status).toBe(404);
        expect(list.body.message).toBe(MESSAGES.fileNotFound);
      }
      const paths = [
        ['GET', `/api/v1/files/f/${publicId}/versions/${version!._id}/content`],
        ['POST', `/api/v1/files/f/${publicId}/versions/${version!._id}/restore`],
        ['DELETE', `/api/v1/files/f/${publicId}/versions/${version!._id}`],
      ] as const;
      for (const [method, path] of paths) expect((await viewer.request(method, path)).status).toBe(404);
    }
    // A private file does not exist for others; a public one they may see is not theirs to change.
    const hidden = await replace(other, privateId, bytesOf('intruder', 100));
    expect(hidden.status).toBe(404);
    const refused = await replace(other, publicId, bytesOf('intruder', 100));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.notYourFile);
    expect((await versionsOf(publicId)).length).toBe(1);
    expect((await owner.get(`/api/v1/files/f/${publicId}`)).body.data.size).toBe(310);
  });

  it('refuses new bytes as an upload is refused: empty, of a type not allowed, or over the quota', async () => {
    const up = await owner.upload({ bytes: bytesOf('rules', 200), type: 'text/plain', name: 'r.txt' });
    const id = up.body.data._id;
    const before = await figures();

    const empty = await replace(owner, id, Buffer.alloc(0), 'raw');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.emptyFile);

    const form = new FormData();
    form.append('file', new Blob([zip()], { type: 'application/zip' }), 'a.zip');
    const unsupported = await owner.request('PUT', `/api/v1/files/f/${id}/content`, { body: form });
    expect(unsupported.status).toBe(415);

    const mismatch = await owner.request('PUT', `/api/v1/files/f/${id}/content`, {
      body: png(4),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(mismatch.status).toBe(415);

    const room = QUOTA - before.mine.totalStorageUsed;
    const tooBig = await replace(owner, id, bytesOf('big', room + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(MESSAGES.quotaExceeded);
    expect(await versionsOf(id)).toEqual([]);
    expect(await figures()).toEqual(before);
  });

  it('asks for a new thumbnail: the file shows one of its new bytes once its own job is done', async () => {
    const up = await owner.upload({ bytes: bytesOf('thumb', 100), type: 'text/plain', name: 't.txt' });
    const id = up.body.data._id;
    expect(up.body.data.thumbnailUrl).toBeNull();
    const form = new FormData();
    form.append('file', new Blob([png(71, 64, 48)], { type: 'image/png' }), 'photo.png');
    const replaced = await owner.request('PUT', `/api/v1/files/f/${id}/content`, { body: form });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ mimetype: 'image/png', thumbnailUrl: null });
    const url = await until('a thumbnail of the new bytes', async () => {
      const file = (await owner.get(`/api/v1/files/f/${id}`)).body.data;
      return (file.thumbnailUrl as string | null) ?? undefined;
    });
    const thumbnail = await owner.get(url);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a body over the upload limit with 413 before keeping anything, whichever way it is sent', async () => {
    const up = await owner.upload({ bytes: bytesOf('limit', 100), type: 'text/plain', name: 'l.txt' });
    const id = up.body.data._id;
    const tooLarge = Buffer.alloc(t.config.maxUploadBytes + 1, 'a');
    for (const how of ['form', 'raw'] as const) {
      const answer = await replace(owner, id, tooLarge, how);
      expect(answer.status, how).toBe(413);
    }
    expect((await owner.get(`/api/v1/files/f/${id}`)).body.data.size).toBe(100);
    expect(await versionsOf(id)).toEqual([]);
  });

  it("removes an account's versions with its files, keeping bytes others hold", async () => {
    const leaving = t.client();
    await leaving.signUp({ name: 'Leaving' });
    const kept = bytesOf('kept by Otto', 500);
    await other.upload({ bytes: kept, type: 'text/plain', name: 'kept.txt' });
    const up = await leaving.upload({ bytes: kept, type: 'text/plain', name: 'mine.txt' });
    expect((await replace(leaving, up.body.data._id, bytesOf('leaving v2', 520))).status).toBe(200);
    expect((await admin.delete(`/api/v1/admin/users/${leaving.user!._id}`)).status).toBe(200);
    await t.services.reclaims.drain();
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
    const ottos = (await other.get('/api/v1/files/user-files?q=kept')).body.data[0];
    expect(sha256((await other.get(`/api/v1/files/f/${ottos._id}/content`)).bytes)).toBe(sha256(kept));
  });

  it('releases the versions of files deleted in a batch', async () => {
    const before = await figures();
    const up = await owner.upload({ bytes: bytesOf('batch', 600), type: 'text/plain', name: 'b.txt' });
    const id = up.body.data._id;
    expect((await replace(owner, id, bytesOf('batch v2', 650))).status).toBe(200);
    expect((await figures()).mine.totalStorageUsed).toBe(before.mine.totalStorageUsed + 600 + 650);
    const batch = await owner.post('/api/v1/files/batch', { action: 'delete', fileIds: [id] });
    expect(batch.status).toBe(200);
    expect(await figures()).toEqual(before);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });

  it('keeps no versions at 0, set by an administrator in Instance Settings, and replacing still works', async () => {
    const settings = await admin.get('/api/v1/admin/settings/versions');
    expect(settings.body.data).toEqual({ versionsKeep: 2, versionsKeepSource: 'environment' });
    expect((await owner.get('/api/v1/config')).body.data.versionsKeep).toBe(2);
    expect((await owner.patch('/api/v1/admin/settings/versions', { versionsKeep: 0 })).status).toBe(403);
    const bad = await admin.patch('/api/v1/admin/settings/versions', { versionsKeep: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(VERSION_MESSAGES.versionsKeepInvalid);
    const off = await admin.patch('/api/v1/admin/settings/versions', { versionsKeep: 0 });
    expect(off.body).toEqual({
      message: ACCOUNT_MESSAGES.settingsUpdated,
      data: { versionsKeep: 0, versionsKeepSource: 'database' },
    });
    expect((await owner.get('/api/v1/config')).body.data.versionsKeep).toBeUndefined();

    const up = await owner.upload({ bytes: bytesOf('zero', 400), type: 'text/plain', name: 'z.txt' });
    const id = up.body.data._id;
    const before = await figures();
    const next = bytesOf('zero two', 450);
    const answer = await replace(owner, id, next);
    expect(answer.status).toBe(200);
    expect(answer.body.data.size).toBe(next.length);
    expect(await versionsOf(id)).toEqual([]);
    const after = await figures();
    expect(after.mine.totalStorageUsed).toBe(before.mine.totalStorageUsed + 50);
    expect(after.mine.totalVersions).toBe(before.mine.totalVersions);
    expect(after.storage.totalPhysicalSize).toBe(before.storage.totalPhysicalSize + 50);
    expect(sha256((await owner.get(`/api/v1/files/f/${id}/content`)).bytes)).toBe(sha256(next));
    await admin.patch('/api/v1/admin/settings/versions', { versionsKeep: 2 });
  });
});
