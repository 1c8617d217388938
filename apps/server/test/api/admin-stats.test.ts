import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, sha256, text } from '../helpers/fixtures';
import { eventually, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('admin screens and storage statistics (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // The test clock stands still: moving it between sign-ups gives each account its own creation time.
    admin = await signedUp(t, { name: 'Admin' });
    t.clock.advance(1000);
    alice = await signedUp(t, { name: 'Alice' });
    t.clock.advance(1000);
    bob = await signedUp(t, { name: 'Bob' });
  });
  afterAll(() => t.close());

  it('starts from zero', async () => {
    const stats = await admin.get('/api/v1/admin/stats');
    expect(stats.body).toEqual({
      message: MESSAGES.statsFetched,
      data: {
        totalLogicalSize: 0,
        totalPhysicalSize: 0,
        storageSaved: 0,
        thumbnailBytes: 0,
        totalFilesUploaded: 0,
        uniqueFilesStored: 0,
        totalUsers: 3,
        mostDuplicatedFile: null,
        topUploader: null,
      },
    });
  });

  it('counts what users uploaded against what is stored once, after uploads and deletes', async () => {
    const shared = png(1); // Alice twice, Bob once, Admin once: 4 files, 1 blob
    const aliceOnly = text('alice only'); // 1 file, 1 blob
    const bobOnly = png(2); // uploaded then deleted: 0 files, 0 blobs
    const up = (c: TestClient, bytes: Buffer, isPublic = false) =>
      c.upload({ bytes, type: bytes === aliceOnly ? 'text/plain' : 'image/png', isPublic });

    const a1 = await up(alice, shared, true);
    await up(alice, shared);
    await up(bob, shared, true);
    const adminCopy = await up(admin, shared);
    await up(alice, aliceOnly);
    const doomed = await up(bob, bobOnly);
    await bob.delete(`/api/v1/files/delete/${doomed.body.data._id}`);
    // A download counts once its bytes have gone out through the link, just after the response ends.
    const link = await admin.get(`/api/v1/files/f/${a1.body.data._id}/download`);
    expect((await admin.get(link.body.data.url)).status).toBe(200);
    const counted = async () =>
      (await admin.get(`/api/v1/files/f/${a1.body.data._id}`)).body.data.downloadCount === 1;
    expect(await eventually(counted, 5000)).toBe(true);

    // Deleting one copy of shared bytes keeps them for the others.
    await admin.delete(`/api/v1/files/delete/${adminCopy.body.data._id}`);

    const logical = 3 * shared.length + aliceOnly.length;
    const physical = shared.length + aliceOnly.length;
    const stats = (await admin.get('/api/v1/admin/stats')).body.data;
    expect(stats).toMatchObject({
      totalLogicalSize: logical,
      totalPhysicalSize: physical,
      storageSaved: logical - physical,
      totalFilesUploaded: 4,
      uniqueFilesStored: 2,
      totalUsers: 3,
      // publicId is the spec's field, with the same value as sha256.
      mostDuplicatedFile: { publicId: sha256(shared), sha256: sha256(shared), count: 3 },
      topUploader: { userId: alice.user!._id, name: 'Alice', uploads: 3 },
    });
    expect(stats.mostDuplicatedFile.url).toMatch(/^\/api\/v1\/files\/f\/[0-9a-f-]{36}\/content$/);

    // Every user is charged the full size of their own files.
    expect((await alice.get('/api/v1/files/stats')).body.data).toEqual({
      totalFiles: 3,
      totalStorageUsed: 2 * shared.length + aliceOnly.length,
      totalPublicFiles: 1,
      totalDownloadCount: 1,
    });
    expect((await bob.get('/api/v1/files/stats')).body.data).toEqual({
      totalFiles: 1,
      totalStorageUsed: shared.length,
      totalPublicFiles: 1,
      totalDownloadCount: 0,
    });

    // Deleted bytes are reclaimed just after the answer (services/reclaim-queue.ts).
    await t.services.reclaims.drain();
    const fsck = await t.services.maintenance.fsck();
    expect(fsck).toEqual({ checkedBlobs: 2, problems: [], uploadsInFlight: 0 });
  });

  it('lists users with emails and the summary tiles', async () => {
    const users = await admin.get('/api/v1/admin/users');
    expect(users.status).toBe(200);
    expect(users.body.data.map((u: { name: string }) => u.name)).toEqual(['Bob', 'Alice', 'Admin']);
    expect(users.body.data[0]).toEqual({
      _id: bob.user!._id,
      name: 'Bob',
      email: bob.user!.email,
      role: 'user',
      disabled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await admin.get('/api/v1/admin/users/summary')).body.data).toEqual({
      totalUsers: 3,
      admins: 1,
      regularUsers: 2,
    });
  });

  it("shows one user's totals and files, and 404 'User not found' for an unknown id", async () => {
    const detail = await admin.get(`/api/v1/admin/stats/${alice.user!._id}`);
    expect(detail.body.data).toMatchObject({ user: { name: 'Alice' }, totalFiles: 3, totalPublicFiles: 1 });
    const files = await admin.get(`/api/v1/admin/files/${alice.user!._id}`);
    expect(files.body.meta.total).toBe(3);
    expect(files.body.data[0].uploadedBy.email).toBe(alice.user!.email);
    const missing = await admin.get('/api/v1/admin/stats/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: MESSAGES.userNotFound, code: 'NOT_FOUND' });
  });

  it('lists every file with the uploader email and the all-files tiles', async () => {
    const all = await admin.get('/api/v1/admin/files');
    expect(all.body.meta.total).toBe(4);
    expect(
      all.body.data.every((f: { uploadedBy: { email?: string } }) => typeof f.uploadedBy.email === 'string'),
    ).toBe(true);
    const byEmail = await admin.get(`/api/v1/admin/files?q=${encodeURIComponent(bob.user!.email)}`);
    expect(byEmail.body.meta.total).toBe(1);
    expect((await admin.get('/api/v1/admin/files?visibility=private')).body.meta.total).toBe(2);
    expect((await admin.get('/api/v1/admin/files?type=text')).body.meta.total).toBe(1);
    expect((await admin.get('/api/v1/admin/files/summary')).body.data).toEqual({
      totalFiles: 4,
      publicFiles: 2,
      privateFiles: 2,
      totalSize: expect.any(Number),
      downloads: 1,
      activeUsers: 2,
    });
  });
});
