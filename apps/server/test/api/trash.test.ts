import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, FOLDER_MESSAGES, MESSAGES, TRASH_MESSAGES } from '@cloudstash/contract';
import { text } from '../helpers/fixtures';
import { DIALECT_STORES, makeFolder, startOnStore } from '../helpers/folder-setup';
import type { TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const DAY = 86_400_000;
const bytesOf = (label: string, size: number) => text(label.padEnd(size, '.'));

describe.each(DIALECT_STORES)('trash (%s, %s store)', (dialect, store) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;
  const accounts = new Map<TestClient, { email: string; password: string }>();

  beforeAll(async () => {
    t = await startOnStore(dialect, store, { TRASH_RETENTION_DAYS: '30', LOG_LEVEL: 'error' });
    admin = t.client();
    accounts.set(admin, await admin.signUp({ name: 'Admin' }));
    owner = t.client();
    accounts.set(owner, await owner.signUp({ name: 'Olive' }));
    other = t.client();
    accounts.set(other, await other.signUp({ name: 'Otto' }));
  });
  /** Sessions end while the clock moves a month: everyone signs in again. */
  const signInAgain = async () => {
    for (const [client, { email, password }] of accounts) await client.login(email, password);
  };
  afterAll(async () => t?.close());

  const upload = async (client: TestClient, bytes: Buffer, name: string, folderId?: string) => {
    const answer = await client.upload({ bytes, type: 'text/plain', name, folderId });
    expect(answer.status).toBe(201);
    return answer.body.data._id as string;
  };
  const trashOf = async (client: TestClient) => {
    const answer = await client.get('/api/v1/trash?limit=100');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(TRASH_MESSAGES.listed);
    return answer.body as { data: Record<string, unknown>[]; meta: { total: number } };
  };
  const statsOf = async (client: TestClient) => {
    await t.services.reclaims.drain();
    return (await client.get('/api/v1/files/stats')).body.data;
  };
  const signedDownload = async (client: TestClient, id: string) => {
    const link = await client.get(`/api/v1/files/f/${id}/download`);
    if (link.status !== 200) return link.status;
    return (await client.get(link.body.data.url)).status;
  };

  it('moves a deleted file to its owner trash, where its links answer 404 until a restore brings all back', async () => {
    const folder = await makeFolder(owner, 'Photos');
    const inner = await makeFolder(owner, '2024', folder);
    const bytes = bytesOf('holiday', 1000);
    const id = await upload(owner, bytes, 'holiday.txt', inner);
    const link = (await owner.post(`/api/v1/files/f/${id}/links`)).body.data;
    expect((await t.client().get(`/api/v1/s/${link.token}`)).status).toBe(200);
    const before = await statsOf(owner);

    t.clock.advance(1000);
    const deleting = t.clock.now();
    const deleted = await owner.delete(`/api/v1/files/delete/${id}`);
    const deletedBy = t.clock.now();
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MESSAGES.deleteSuccess);

    // Gone from every list and link, still charged to the owner and shown apart.
    expect((await owner.get(`/api/v1/files/f/${id}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/files/user-files?folderId=${inner}`)).body.data).toEqual([]);
    expect((await t.client().get(`/api/v1/s/${link.token}`)).status).toBe(404);
    expect(await signedDownload(owner, id)).toBe(404);
    const during = await statsOf(owner);
    expect(during).toMatchObject({
      totalFiles: before.totalFiles - 1,
      totalStorageUsed: before.totalStorageUsed,
      trashBytes: bytes.length,
    });
    const listed = await trashOf(owner);
    const deletedAt = String(listed.data[0]?.deletedAt);
    expect(Date.parse(deletedAt)).toBeGreaterThan(deleting);
    expect(Date.parse(deletedAt)).toBeLessThan(deletedBy);
    expect(listed.meta.total).toBe(1);
    expect(listed.data).toEqual([
      {
        _id: id,
        kind: 'file',
        name: 'holiday',
        path: '/Photos/2024',
        mimetype: 'text/plain',
        size: bytes.length,
        files: 1,
        deletedAt,
        purgeAt: new Date(Date.parse(deletedAt) + 30 * DAY).toISOString(),
      },
    ]);
    expect((await trashOf(other)).data).toEqual([]);

    // Someone else's id, or one not in the trash, is 404 and changes nothing.
    const foreign = await other.post('/api/v1/trash/restore', { fileIds: [id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(TRASH_MESSAGES.notFound);
    expect((await owner.post('/api/v1/trash/restore', { folderIds: [id] })).status).toBe(404);
    const empty = await owner.post('/api/v1/trash/restore', {});
    expect(empty.status).toBe(400);

    const restored = await owner.post('/api/v1/trash/restore', { fileIds: [id] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ message: TRASH_MESSAGES.restored, data: { files: 1, folders: 0 } });
    const back = (await owner.get(`/api/v1/files/f/${id}`)).body.data;
    expect(back).toMatchObject({ _id: id, folderId: inner, size: bytes.length });
    expect((await t.client().get(`/api/v1/s/${link.token}`)).status).toBe(200);
    const content = await t.client().get(`/api/v1/s/${link.token}/content`);
    expect(content.bytes.equals(bytes)).toBe(true);
    expect(await signedDownload(owner, id)).toBe(200);
    const after = await statsOf(owner);
    expect(after).toMatchObject({ totalFiles: before.totalFiles, totalStorageUsed: before.totalStorageUsed });
    expect(after.trashBytes).toBeUndefined();
    expect((await trashOf(owner)).data).toEqual([]);
  });

  it('takes a folder with everything in it, restores it under a new name beside its namesake, and counts it', async () => {
    const root = await makeFolder(owner, 'Projects');
    const sub = await makeFolder(owner, 'Drafts', root);
    const a = await upload(owner, bytesOf('a', 300), 'a.txt', root);
    await upload(owner, bytesOf('b', 400), 'b.txt', sub);
    await upload(owner, bytesOf('a', 300), 'copy-of-a.txt', sub);

    const batch = await owner.post('/api/v1/files/batch', {
      action: 'delete',
      folderIds: [root],
      fileIds: [a],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.message).toBe(FOLDER_MESSAGES.batchDeleted);
    expect((await owner.get(`/api/v1/folders/${root}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/folders/${sub}`)).status).toBe(404);
    const entry = (await trashOf(owner)).data.find((e) => e._id === root);
    expect(entry).toMatchObject({ kind: 'folder', name: 'Projects', path: '/', size: 1000, files: 3 });
    expect((await trashOf(owner)).meta.total).toBe(1);

    // A new folder took the name meanwhile: the restored one is renamed, its tree and files whole.
    await makeFolder(owner, 'projects');
    const restored = await owner.post('/api/v1/trash/restore', { folderIds: [root] });
    expect(restored.body.data).toEqual({ files: 0, folders: 1 });
    const folder = (await owner.get(`/api/v1/folders/${root}`)).body.data;
    expect(folder).toMatchObject({ name: 'Projects (restored)', parentId: null });
    expect((await owner.get(`/api/v1/folders/${sub}`)).body.data.parentId).toBe(root);
    const inSub = (await owner.get(`/api/v1/files/user-files?folderId=${sub}`)).body.data;
    expect(inSub.map((f: { filename: string }) => f.filename).sort()).toEqual(['b', 'copy-of-a']);
    const fsck = await t.services.maintenance.fsck();
    expect(fsck.problems).toEqual([]);
  });

  it('makes missing parents again when the folder a file was in is gone for good', async () => {
    const top = await makeFolder(owner, 'Archive');
    const inner = await makeFolder(owner, 'Old', top);
    const id = await upload(owner, bytesOf('old', 200), 'old.txt', inner);
    expect((await owner.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/folders/${top}`)).status).toBe(200);
    const purged = await owner.request('DELETE', '/api/v1/trash', { json: { folderIds: [top] } });
    expect(purged.body).toEqual({ message: TRASH_MESSAGES.purged, data: { files: 0, folders: 1 } });

    expect((await owner.post('/api/v1/trash/restore', { fileIds: [id] })).status).toBe(200);
    const back = (await owner.get(`/api/v1/files/f/${id}`)).body.data;
    const made = (await owner.get(`/api/v1/folders/${back.folderId}`)).body.data;
    expect(made.name).toBe('Old');
    expect(made.path.map((p: { name: string }) => p.name)).toEqual(['Archive']);
  });

  it('merges a folder restored after one of its files into the folder that file made again, not beside it', async () => {
    const data = await makeFolder(owner, 'Dataset');
    const raw = await makeFolder(owner, 'Raw', data);
    const a = await upload(owner, bytesOf('a', 120), 'a.txt', data);
    await upload(owner, bytesOf('b', 130), 'b.txt', data);
    const c = await upload(owner, bytesOf('c', 140), 'c.txt', raw);
    expect((await owner.delete(`/api/v1/files/delete/${a}`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/files/delete/${c}`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/folders/${data}`)).status).toBe(200);

    // The files first, the deeper one first: each makes its path again where it was.
    expect((await owner.post('/api/v1/trash/restore', { fileIds: [c] })).status).toBe(200);
    expect((await owner.post('/api/v1/trash/restore', { fileIds: [a] })).status).toBe(200);
    const restored = await owner.post('/api/v1/trash/restore', { folderIds: [data] });
    expect(restored.status).toBe(200);
    expect(restored.body.data.atTop).toBeUndefined();

    const top = (await owner.get('/api/v1/folders?parentId=root&limit=200')).body.data as Array<{
      name: string;
    }>;
    expect(top.map((f) => f.name).filter((name) => name.startsWith('Dataset'))).toEqual(['Dataset']);
    const names = async (folderId: string) =>
      (
        (await owner.get(`/api/v1/files/user-files?folderId=${folderId}`)).body.data as Array<{
          filename: string;
        }>
      )
        .map((f) => f.filename)
        .sort();
    expect(await names(data)).toEqual(['a', 'b']);
    expect(await names(raw)).toEqual(['c']);
    expect((await owner.get(`/api/v1/folders/${raw}`)).body.data.parentId).toBe(data);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });

  it('empties the whole trash on a DELETE with no body', async () => {
    await upload(owner, bytesOf('one', 100), 'one.txt').then((id) =>
      owner.delete(`/api/v1/files/delete/${id}`),
    );
    await upload(owner, bytesOf('two', 100), 'two.txt').then((id) =>
      owner.delete(`/api/v1/files/delete/${id}`),
    );
    const count = (await trashOf(owner)).meta.total;
    expect(count).toBeGreaterThanOrEqual(2);
    // Lists that name nothing purge nothing; no lists at all purge everything.
    const none = await owner.request('DELETE', '/api/v1/trash', { json: { fileIds: [] } });
    expect(none.body.data).toEqual({ files: 0, folders: 0 });
    expect((await trashOf(owner)).meta.total).toBe(count);
    const emptied = await owner.delete('/api/v1/trash');
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.files + emptied.body.data.folders).toBe(count);
    expect((await trashOf(owner)).meta.total).toBe(0);
    expect((await statsOf(owner)).trashBytes).toBeUndefined();
  });

  it('is an administrator setting that /config reports, and a delete is final at 0', async () => {
    expect((await owner.get('/api/v1/config')).body.data.trashRetentionDays).toBe(30);
    expect((await owner.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 0 })).status).toBe(403);
    const invalid = await admin.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 5000 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(TRASH_MESSAGES.retentionInvalid);
    const off = await admin.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 0 });
    expect(off.body).toEqual({
      message: ACCOUNT_MESSAGES.settingsUpdated,
      data: { trashRetentionDays: 0, trashRetentionDaysSource: 'database' },
    });
    expect((await owner.get('/api/v1/config')).body.data.trashRetentionDays).toBeUndefined();
    const id = await upload(owner, bytesOf('final', 100), 'final.txt');
    expect((await owner.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
    expect((await trashOf(owner)).data.map((e) => e._id)).not.toContain(id);
    await admin.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 30 });
  });

  it('sends an account with things in its trash away whole, leaving nothing referenced', async () => {
    const leaving = t.client();
    await leaving.signUp({ name: 'Lee' });
    const folder = await makeFolder(leaving, 'Stuff');
    await upload(leaving, bytesOf('lee', 100), 'lee.txt', folder);
    await leaving.delete(`/api/v1/folders/${folder}`);
    const id = (await admin.get('/api/v1/admin/users?limit=100')).body.data.find(
      (u: { name: string }) => u.name === 'Lee',
    )._id;
    expect((await admin.delete(`/api/v1/admin/users/${id}`)).status).toBe(200);
    await t.services.reclaims.drain();
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });
  it('purges at the end of the retention (the clock moved, not a sleep), keeping bytes another account holds', async () => {
    const shared = bytesOf('shared', 1500);
    const mine = bytesOf('mine-only', 700);
    const othersId = await upload(other, shared, 'otto.txt');
    const sharedId = await upload(owner, shared, 'shared.txt');
    const ownId = await upload(owner, mine, 'mine.txt');
    const start = await statsOf(owner);
    await owner.post('/api/v1/files/batch', { action: 'delete', fileIds: [sharedId, ownId] });
    expect((await statsOf(owner)).totalStorageUsed).toBe(start.totalStorageUsed);
    const storage = (await admin.get('/api/v1/admin/stats')).body.data;
    expect(storage.trashBytes).toBeGreaterThanOrEqual(shared.length + mine.length);

    t.clock.advance(29 * DAY);
    expect((await t.services.maintenance.gc()).trashPurged).toBe(0);
    t.clock.advance(1 * DAY + 1);
    const report = await t.services.maintenance.gc();
    await signInAgain();
    expect(report.trashPurged).toBeGreaterThanOrEqual(2);
    expect((await trashOf(owner)).data.map((e) => e._id)).not.toContain(sharedId);
    expect((await statsOf(owner)).totalStorageUsed).toBe(
      start.totalStorageUsed - shared.length - mine.length,
    );
    expect(await signedDownload(other, othersId)).toBe(200);
    const download = await other.get((await other.get(`/api/v1/files/f/${othersId}/download`)).body.data.url);
    expect(download.bytes.equals(shared)).toBe(true);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });
});
