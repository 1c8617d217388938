import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * The owner's Trip/ (notes.txt, Sub/) is shared with `resharer` as an editor who may share further, and with
 * `appointed` as an editor by the owner. What each caller may do with an item comes with the item; a resharer
 * changes only the shares they made.
 */
describe.each(DIALECTS)('what the caller may do, and who manages a share (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let resharer: TestClient;
  let appointed: TestClient;
  let friend: TestClient;
  let admin: TestClient;
  const id = {} as Record<'trip' | 'sub' | 'notes' | 'appointedShare', string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
    owner = await signedUp(t, { name: 'Owner' });
    resharer = await signedUp(t, { name: 'Resharer' });
    appointed = await signedUp(t, { name: 'Appointed' });
    friend = await signedUp(t, { name: 'Friend' });
    id.trip = await makeFolder(owner, 'Trip');
    id.sub = await makeFolder(owner, 'Sub', id.trip);
    const up = await owner.upload({ bytes: text('notes'), name: 'notes.txt', folderId: id.trip });
    expect(up.status).toBe(201);
    id.notes = up.body.data._id;
    const reshare = await owner.post('/api/v1/shares', {
      folderId: id.trip,
      userId: resharer.user!._id,
      role: 'editor',
      reshare: true,
    });
    expect(reshare.status).toBe(201);
    const appointedShare = await owner.post('/api/v1/shares', {
      folderId: id.trip,
      userId: appointed.user!._id,
      role: 'editor',
    });
    expect(appointedShare.status).toBe(201);
    id.appointedShare = appointedShare.body.data._id;
  });
  afterAll(() => t.close());

  it('answers an editor who may reshare with share: true on the folder, its subfolders and its files', async () => {
    const folder = await resharer.get(`/api/v1/folders/${id.trip}`);
    expect(folder.status).toBe(200);
    expect(folder.body.data.permissions).toMatchObject({ view: true, write: true, share: true, own: false });
    const subfolders = await resharer.get(`/api/v1/folders?parentId=${id.trip}`);
    expect(subfolders.body.data[0].permissions).toMatchObject({ share: true, write: true, move: true });
    const files = await resharer.get(`/api/v1/files/user-files?folderId=${id.trip}`);
    expect(files.body.data[0].permissions).toMatchObject({
      share: true,
      write: true,
      delete: true,
      own: false,
    });
    const file = await resharer.get(`/api/v1/files/f/${id.notes}`);
    expect(file.body.data.permissions).toMatchObject({ share: true, seeDownloads: false });
    const withMe = await resharer.get('/api/v1/shares/with-me');
    expect(withMe.status).toBe(200);
    const trip = withMe.body.data.find((item: { _id: string }) => item._id === id.trip);
    expect(trip.permissions).toMatchObject({ share: true, write: true });

    // An editor without the owner's leave may write but not share; the owner may do everything.
    const plain = await appointed.get(`/api/v1/files/user-files?folderId=${id.trip}`);
    expect(plain.body.data[0].permissions).toMatchObject({ write: true, share: false });
    const own = await owner.get(`/api/v1/files/user-files?folderId=${id.trip}`);
    expect(Object.values(own.body.data[0].permissions).every(Boolean)).toBe(true);
  });

  it('lets a resharer change and remove only the shares they made; the owner and an administrator manage all', async () => {
    const demote = await resharer.patch(`/api/v1/shares/${id.appointedShare}`, { role: 'viewer' });
    expect(demote.status).toBe(404);
    // Sharing again with the same person is no way round it.
    const again = await resharer.post('/api/v1/shares', {
      folderId: id.trip,
      userId: appointed.user!._id,
      role: 'viewer',
    });
    expect(again.status).toBe(404);
    expect((await resharer.delete(`/api/v1/shares/${id.appointedShare}`)).status).toBe(404);
    const listed = await resharer.get(`/api/v1/shares?folderId=${id.trip}`);
    const appointedRow = listed.body.data.find((s: { _id: string }) => s._id === id.appointedShare);
    expect(appointedRow).toMatchObject({ role: 'editor', manageable: false });
    expect((await appointed.get(`/api/v1/folders/${id.trip}`)).body.data.permissions.write).toBe(true);

    const made = await resharer.post('/api/v1/shares', {
      folderId: id.trip,
      userId: friend.user!._id,
      role: 'viewer',
    });
    expect(made.status).toBe(201);
    expect(made.body.data.manageable).toBe(true);
    const changed = await resharer.patch(`/api/v1/shares/${made.body.data._id}`, { role: 'editor' });
    expect(changed.status).toBe(200);
    expect((await resharer.delete(`/api/v1/shares/${made.body.data._id}`)).status).toBe(200);

    const byAdmin = await admin.patch(`/api/v1/shares/${id.appointedShare}`, { role: 'viewer' });
    expect(byAdmin.status).toBe(200);
    const byOwner = await owner.patch(`/api/v1/shares/${id.appointedShare}`, { role: 'editor' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.manageable).toBe(true);
  });
});
