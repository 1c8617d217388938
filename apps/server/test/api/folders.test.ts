import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MAX_DEPTH, FOLDER_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECT_STORES, ids, makeFolder, startOnStore } from '../helpers/folder-setup';
import { png, text } from '../helpers/fixtures';
import { signedUp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECT_STORES)('folders (%s, %s store)', (dialect, store) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await startOnStore(dialect, store);
    admin = await signedUp(t, { name: 'Admin' });
    owner = await signedUp(t, { name: 'Owner' });
    stranger = await signedUp(t, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  it('makes folders at the top and inside others, and answers a folder with its path from the top', async () => {
    const made = await owner.post('/api/v1/folders', { name: '  Projects  ' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(FOLDER_MESSAGES.created);
    expect(made.body.data).toMatchObject({ name: 'Projects', parentId: null });
    const projects = made.body.data._id;
    const y2026 = await makeFolder(owner, '2026', projects);
    const q3 = await makeFolder(owner, 'Q3', y2026);

    const answer = await owner.get(`/api/v1/folders/${q3}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ _id: q3, name: 'Q3', parentId: y2026 });
    expect(answer.body.data.path).toEqual([
      { _id: projects, name: 'Projects' },
      { _id: y2026, name: '2026' },
    ]);
    expect((await owner.get(`/api/v1/folders/${projects}`)).body.data.path).toEqual([]);
  });

  it('lists one folder’s subfolders by name ignoring case and accents, a page at a time', async () => {
    const parent = await makeFolder(owner, 'Sorted');
    for (const name of ['beta', 'Zed', 'éclair', 'Alpha', 'delta']) await makeFolder(owner, name, parent);
    const first = await owner.get(`/api/v1/folders?parentId=${parent}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((f: { name: string }) => f.name)).toEqual(['Alpha', 'beta']);
    expect(first.body.meta.total).toBe(5);
    const rest = await owner.get(
      `/api/v1/folders?parentId=${parent}&limit=10&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`,
    );
    expect(rest.body.data.map((f: { name: string }) => f.name)).toEqual(['delta', 'éclair', 'Zed']);
    expect(rest.body.meta.nextCursor).toBeNull();

    const top = await owner.get('/api/v1/folders?parentId=root&limit=200');
    expect(top.body.data.map((f: { name: string }) => f.name)).toContain('Sorted');
    expect(top.body.data.every((f: { parentId: string | null }) => f.parentId === null)).toBe(true);
  });

  it('refuses names that are empty, too long, paths, controls, . or ..', async () => {
    const cases: Array<[unknown, string]> = [
      ['', FOLDER_MESSAGES.nameRequired],
      ['   ', FOLDER_MESSAGES.nameRequired],
      [undefined, FOLDER_MESSAGES.nameRequired],
      ['a'.repeat(256), FOLDER_MESSAGES.nameTooLong],
      ['a/b', FOLDER_MESSAGES.nameInvalid],
      ['a\\b', FOLDER_MESSAGES.nameInvalid],
      ['tab\there', FOLDER_MESSAGES.nameInvalid],
      ['.', FOLDER_MESSAGES.nameDots],
      ['..', FOLDER_MESSAGES.nameDots],
    ];
    for (const [name, message] of cases) {
      const answer = await owner.post('/api/v1/folders', { name });
      expect(answer.status, String(name)).toBe(400);
      expect(answer.body.message, String(name)).toBe(message);
    }
    const nul = await owner.request('POST', '/api/v1/folders', {
      body: JSON.stringify({ name: 'nul\u0000' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(nul.status).toBe(400);
    expect((await owner.post('/api/v1/folders', { name: 'a'.repeat(255) })).status).toBe(201);
  });

  it('keeps folder names unique in one parent ignoring case, also when two requests race', async () => {
    const parent = await makeFolder(owner, 'Unique');
    await makeFolder(owner, 'Photos', parent);
    const clash = await owner.post('/api/v1/folders', { name: 'PHOTOS', parentId: parent });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(FOLDER_MESSAGES.nameTaken);
    // The same name elsewhere, or for someone else, is fine.
    expect((await owner.post('/api/v1/folders', { name: 'Photos' })).status).toBe(201);
    expect((await stranger.post('/api/v1/folders', { name: 'Photos', parentId: null })).status).toBe(201);

    const raced = await Promise.all(
      Array.from({ length: 6 }, () => owner.post('/api/v1/folders', { name: 'Race', parentId: parent })),
    );
    expect(raced.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('renames and moves a folder, never into itself or below itself, never onto a taken name', async () => {
    const a = await makeFolder(owner, 'A');
    const b = await makeFolder(owner, 'B', a);
    const c = await makeFolder(owner, 'C', b);
    for (const target of [a, b, c]) {
      const answer = await owner.patch(`/api/v1/folders/${a}`, { parentId: target });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(FOLDER_MESSAGES.intoItself);
    }
    const moved = await owner.patch(`/api/v1/folders/${c}`, { parentId: null, name: 'C moved' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'C moved', parentId: null });
    await makeFolder(owner, 'Taken', a);
    const clash = await owner.patch(`/api/v1/folders/${b}`, { name: 'taken' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(FOLDER_MESSAGES.nameTaken);
    // Renaming to another case of its own name is a rename, not a clash.
    expect((await owner.patch(`/api/v1/folders/${b}`, { name: 'b' })).body.data.name).toBe('b');
  });

  it(`nests at most ${FOLDER_MAX_DEPTH} deep, by making or by moving`, async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let depth = 1; depth <= FOLDER_MAX_DEPTH; depth++) {
      parent = await makeFolder(stranger, `level ${depth}`, parent);
      chain.push(parent);
    }
    const deeper = await stranger.post('/api/v1/folders', { name: 'one more', parentId: parent });
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe(FOLDER_MESSAGES.tooDeep);
    const small = await makeFolder(stranger, 'small');
    await makeFolder(stranger, 'child', small);
    const move = await stranger.patch(`/api/v1/folders/${small}`, { parentId: chain.at(-2) });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(FOLDER_MESSAGES.tooDeep);
    expect((await stranger.get(`/api/v1/folders/${parent}`)).body.data.path).toHaveLength(
      FOLDER_MAX_DEPTH - 1,
    );
  });

  it('puts uploads in a folder, lists one folder’s files, and moves a file with PATCH', async () => {
    const docs = await makeFolder(owner, 'Docs');
    const inDocs = await owner.upload({ bytes: png(1), name: 'a.png', folderId: docs });
    expect(inDocs.status).toBe(201);
    expect(inDocs.body.data.folderId).toBe(docs);
    const atTop = await owner.upload({ bytes: png(2), name: 'b.png' });
    expect(atTop.body.data.folderId).toBeNull();

    const listed = await owner.get(`/api/v1/files/user-files?folderId=${docs}`);
    expect(ids(listed)).toEqual([inDocs.body.data._id]);
    expect(listed.body.meta.total).toBe(1);
    const top = await owner.get('/api/v1/files/user-files?folderId=root&limit=200');
    expect(ids(top)).toContain(atTop.body.data._id);
    expect(ids(top)).not.toContain(inDocs.body.data._id);
    const all = await owner.get('/api/v1/files/user-files?limit=200');
    expect(ids(all)).toEqual(expect.arrayContaining([inDocs.body.data._id, atTop.body.data._id]));

    const move = await owner.patch(`/api/v1/files/update/${atTop.body.data._id}`, { folderId: docs });
    expect(move.status).toBe(200);
    expect(move.body.data).toMatchObject({ folderId: docs, filename: 'b' });
    const back = await owner.patch(`/api/v1/files/update/${atTop.body.data._id}`, { folderId: null });
    expect(back.body.data.folderId).toBeNull();
    // The spec's edit still needs a name when nothing else is asked.
    const nameless = await owner.patch(`/api/v1/files/update/${atTop.body.data._id}`, {});
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe(MESSAGES.editFilenameRequired);
  });

  it('takes the folder of a resumable upload from its metadata', async () => {
    const clips = await makeFolder(owner, 'Clips');
    const bytes = png(3);
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const created = await owner.request('POST', '/api/v1/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('c.png')},folderId ${b64(clips)}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
    expect(created.status).toBe(201);
    const listed = await owner.get(`/api/v1/files/user-files?folderId=${clips}`);
    expect(listed.body.data.map((f: { filename: string }) => f.filename)).toEqual(['c.png']);

    const theirs = await makeFolder(stranger, 'Not yours');
    const refused = await owner.request('POST', '/api/v1/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${b64('c.png')},folderId ${b64(theirs)}`,
      },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(FOLDER_MESSAGES.notFound);
  });

  it('answers 404 to anyone else on every folder route, and keeps uploads and moves out of their folders', async () => {
    const mine = await makeFolder(owner, 'Private');
    const file = (await owner.upload({ bytes: png(4), name: 'p.png', folderId: mine })).body.data._id;
    const answers = [
      await stranger.get(`/api/v1/folders/${mine}`),
      await stranger.get(`/api/v1/folders?parentId=${mine}`),
      await stranger.get(`/api/v1/files/user-files?folderId=${mine}`),
      await stranger.patch(`/api/v1/folders/${mine}`, { name: 'mine now' }),
      await stranger.delete(`/api/v1/folders/${mine}`),
      await stranger.post('/api/v1/folders', { name: 'inside', parentId: mine }),
      await stranger.upload({ bytes: png(5), name: 'x.png', folderId: mine }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(FOLDER_MESSAGES.notFound);
    }
    const theirFile = (await stranger.upload({ bytes: png(6), name: 's.png' })).body.data._id;
    const move = await stranger.patch(`/api/v1/files/update/${theirFile}`, { folderId: mine });
    expect(move.status).toBe(404);
    expect((await owner.get(`/api/v1/folders/${mine}`)).body.data.name).toBe('Private');
    expect(ids(await owner.get(`/api/v1/files/user-files?folderId=${mine}`))).toEqual([file]);
    expect((await owner.get('/api/v1/folders/not-a-folder')).status).toBe(404);
  });

  it('shows administrators the folder of each file, and keeps the public list flat', async () => {
    const shown = await makeFolder(owner, 'Shown');
    const file = (await owner.upload({ bytes: png(7), name: 'pub.png', folderId: shown, isPublic: true }))
      .body.data._id;
    const all = await admin.get(`/api/v1/admin/files?limit=200`);
    expect(all.status).toBe(200);
    expect(all.body.data.find((f: { _id: string }) => f._id === file).folderId).toBe(shown);
    expect((await admin.get(`/api/v1/folders/${shown}`)).body.data.name).toBe('Shown');
    const publicList = await stranger.get(`/api/v1/files/public?folderId=${shown}&limit=200`);
    expect(publicList.status).toBe(200);
    expect(publicList.body.meta.total).toBeGreaterThan(0);
    expect(ids(publicList)).toContain(file);
  });

  it('deletes a folder with everything below it, and bytes others hold stay', async () => {
    const before = (await owner.get('/api/v1/files/stats')).body.data;
    const root = await makeFolder(owner, 'Doomed');
    const sub = await makeFolder(owner, 'Sub', root);
    const shared = png(8);
    const own = text('only mine '.repeat(50));
    await owner.upload({ bytes: shared, name: 'shared.png', folderId: root });
    await owner.upload({ bytes: own, name: 'notes.txt', folderId: sub });
    const theirs = (await stranger.upload({ bytes: shared, name: 'copy.png' })).body.data._id;
    const during = (await owner.get('/api/v1/files/stats')).body.data;
    expect(during.totalFiles).toBe(before.totalFiles + 2);

    const removed = await owner.delete(`/api/v1/folders/${root}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(FOLDER_MESSAGES.deleted);
    expect((await owner.get(`/api/v1/folders/${sub}`)).status).toBe(404);
    const after = (await owner.get('/api/v1/files/stats')).body.data;
    expect(after).toMatchObject({ totalFiles: before.totalFiles, totalStorageUsed: before.totalStorageUsed });
    const download = await stranger.get(`/api/v1/files/f/${theirs}/content`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(shared)).toBe(true);
  });

  it('removes an account’s folders with the account', async () => {
    const leaving = await signedUp(t, { name: 'Leaving' });
    const folder = await makeFolder(leaving, 'Mine');
    await leaving.upload({ bytes: png(9), name: 'in.png', folderId: folder });
    expect((await admin.get(`/api/v1/folders/${folder}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/admin/users/${leaving.user!._id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/folders/${folder}`)).status).toBe(404);
  });
});
