import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECT_STORES, ids, makeFolder, readZip, startOnStore } from '../helpers/folder-setup';
import { pdf, png, sha256, text } from '../helpers/fixtures';
import { signedUp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECT_STORES)('many files and folders at once (%s, %s store)', (dialect, store) => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await startOnStore(dialect, store);
    await signedUp(t, { name: 'Admin' }); // the first account administers; the two below are ordinary
    owner = await signedUp(t, { name: 'Owner' });
    stranger = await signedUp(t, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  const upload = async (client: TestClient, bytes: Buffer, name: string, folderId?: string) => {
    const answer = await client.upload({ bytes, name, folderId });
    expect(answer.status).toBe(201);
    return answer.body.data._id as string;
  };

  it('moves files and folders together, and changes nothing when one id is not the caller’s', async () => {
    const target = await makeFolder(owner, 'Target');
    const folder = await makeFolder(owner, 'Moving');
    const a = await upload(owner, png(20), 'a.png');
    const b = await upload(owner, png(21), 'b.png');
    const theirs = await upload(stranger, png(22), 'theirs.png');
    const theirFolder = await makeFolder(stranger, 'Theirs');

    for (const body of [
      { action: 'move', fileIds: [a, theirs], folderIds: [folder], targetFolderId: target },
      { action: 'move', fileIds: [a], folderIds: [folder, theirFolder], targetFolderId: target },
      { action: 'move', fileIds: [a], folderIds: [], targetFolderId: theirFolder },
      { action: 'delete', fileIds: [a, theirs], folderIds: [] },
    ]) {
      const refused = await owner.post('/api/v1/files/batch', body);
      expect(refused.status).toBe(404);
    }
    expect((await owner.get(`/api/v1/files/f/${a}`)).body.data.folderId).toBeNull();
    expect((await owner.get(`/api/v1/folders/${folder}`)).body.data.parentId).toBeNull();
    expect((await stranger.get(`/api/v1/files/f/${theirs}`)).status).toBe(200);

    const moved = await owner.post('/api/v1/files/batch', {
      action: 'move',
      fileIds: [a, b],
      folderIds: [folder],
      targetFolderId: target,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ files: 2, folders: 1 });
    expect(ids(await owner.get(`/api/v1/files/user-files?folderId=${target}`)).sort()).toEqual([a, b].sort());
    expect(ids(await owner.get(`/api/v1/folders?parentId=${target}`))).toEqual([folder]);
    // A folder cannot be moved into itself through a batch either.
    const intoItself = await owner.post('/api/v1/files/batch', {
      action: 'move',
      fileIds: [a],
      folderIds: [target],
      targetFolderId: folder,
    });
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.message).toBe(FOLDER_MESSAGES.intoItself);
    expect((await owner.get(`/api/v1/files/f/${a}`)).body.data.folderId).toBe(target);
  });

  it('deletes files and whole folders in one request', async () => {
    const before = (await owner.get('/api/v1/files/stats')).body.data.totalFiles;
    const folder = await makeFolder(owner, 'Bulk');
    await upload(owner, png(30), 'in.png', folder);
    const loose = await upload(owner, png(31), 'loose.png');
    const deleted = await owner.post('/api/v1/files/batch', {
      action: 'delete',
      fileIds: [loose],
      folderIds: [folder],
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: FOLDER_MESSAGES.batchDeleted, data: { files: 1, folders: 1 } });
    expect((await owner.get(`/api/v1/files/f/${loose}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/folders/${folder}`)).status).toBe(404);
    expect((await owner.get('/api/v1/files/stats')).body.data.totalFiles).toBe(before);
  });

  it('zips a selection with its folder structure, entries stored as they are and equal names numbered', async () => {
    const trip = await makeFolder(owner, 'Trip');
    const day1 = await makeFolder(owner, 'Day 1', trip);
    await makeFolder(owner, 'Empty', trip);
    const photo = png(40);
    const notes = text('packing list');
    const report = pdf('zip me');
    await upload(owner, photo, 'beach.png', day1);
    await upload(owner, png(41), 'beach.png', day1);
    const notesId = await upload(owner, notes, 'notes.txt', trip);
    const loose = await upload(owner, report, 'report.pdf');

    const link = await owner.post('/api/v1/files/zip', { fileIds: [loose], folderIds: [trip] });
    expect(link.status).toBe(200);
    expect(link.body.message).toBe(FOLDER_MESSAGES.zipReady);
    const answer = await owner.get(link.body.data.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    const entries = await readZip(answer.bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        'Trip/Day 1/beach.png',
        'Trip/Day 1/beach (2).png',
        'Trip/Empty/',
        'Trip/notes.txt',
        'report.pdf',
      ].sort(),
    );
    expect(entries.every((e) => e.compressionMethod === 0)).toBe(true);
    const byName = new Map(entries.map((e) => [e.name, e.bytes]));
    expect(byName.get('Trip/Day 1/beach.png')!.equals(photo)).toBe(true);
    expect(byName.get('Trip/notes.txt')!.equals(notes)).toBe(true);
    expect(byName.get('report.pdf')!.equals(report)).toBe(true);

    // A colleague's zip of the shared folder counts one download of each file in it, once its bytes have been
    // read (after the answer may have ended). The owner's own zip, made first, counted none: taking a copy of
    // your own files is not being downloaded from.
    const colleague = await signedUp(t, { name: 'Colleague' });
    const shared = await owner.post('/api/v1/shares', {
      folderId: trip,
      userId: colleague.user!._id,
      role: 'viewer',
    });
    expect(shared.status).toBe(201);
    const theirs = await colleague.post('/api/v1/files/zip', { folderIds: [trip] });
    expect(theirs.status).toBe(200);
    expect((await colleague.get(theirs.body.data.url)).status).toBe(200);
    const counted = await until('the colleague’s zip to count its download', async () => {
      const count = (await owner.get(`/api/v1/files/f/${notesId}`)).body.data.downloadCount;
      return count > 0 ? count : undefined;
    });
    expect(counted).toBe(1);
    expect((await owner.get(`/api/v1/files/f/${loose}`)).body.data.downloadCount).toBe(0);
  });

  it('names a zip of one folder after it, and refuses selections and links that are not the caller’s', async () => {
    const album = await makeFolder(owner, 'Album');
    await upload(owner, png(50), 'one.png', album);
    const link = await owner.post('/api/v1/files/zip', { folderIds: [album] });
    const answer = await owner.get(link.body.data.url);
    expect(answer.headers.get('content-disposition')).toContain('Album.zip');

    const theirs = await upload(stranger, png(51), 'theirs.png');
    const refused = await owner.post('/api/v1/files/zip', { fileIds: [theirs], folderIds: [album] });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(MESSAGES.fileNotFound);
    const empty = await owner.post('/api/v1/files/zip', { fileIds: [], folderIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(FOLDER_MESSAGES.nothingSelected);

    // A zip link is for the user it was made for, unaltered, and not a download link for anything else.
    const url = new URL(link.body.data.url, t.baseUrl);
    expect((await stranger.get(url.pathname + url.search)).status).toBe(200);
    url.searchParams.set('u', stranger.user!._id);
    expect((await stranger.get(url.pathname + url.search)).status).toBe(403);
    const asDownload = `/api/v1/files/f/${url.pathname.split('/').pop()}/content${new URL(link.body.data.url, t.baseUrl).search}`;
    expect((await owner.get(asDownload)).status).toBe(403);
  });

  it('cuts a zip short when a file’s bytes went missing, and keeps serving', async () => {
    const folder = await makeFolder(owner, 'Broken');
    await upload(owner, png(60), 'first.png', folder);
    const lost = png(61);
    await upload(owner, lost, 'lost.png', folder);
    const link = await owner.post('/api/v1/files/zip', { folderIds: [folder] });
    await t.store.delete(sha256(lost));
    const answer = await fetch(new URL(link.body.data.url, t.baseUrl), {
      headers: { cookie: owner.cookieHeader() },
    });
    // The status may have gone out before the missing bytes were reached: then the body is what tells.
    const whole =
      answer.ok &&
      (await answer.arrayBuffer().then(
        () => true,
        () => false,
      ));
    expect(whole).toBe(false);
    expect((await owner.get('/api/v1/files/user-files')).status).toBe(200);
  });
});
