import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * No stored name can make a zip fail or unpack outside its folder: names kept from before today's name rule (a
 * backslash, a slash, a control character, dots alone) are zipped under safe entry names, for the owner, for
 * whom it is shared with and through a folder link (charged once, by its files); and a folder cycle in a
 * damaged tree zips at once.
 */
describe.each(DIALECTS)('zip entry names (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let sharee: TestClient;
  let folder = '';

  const upload = async (name: string, folderId: string) => {
    const answer = await owner.upload({
      filename: name,
      bytes: text(name),
      name: 'a.txt',
      type: 'text/plain',
      folderId,
    });
    expect(answer.status).toBe(201);
    return answer.body.data._id as string;
  };
  /** Gives a stored item a name no way in accepts today, as an older database may hold. */
  const renameStored = async (table: 'files' | 'folders', id: string, name: string) => {
    if (table === 'files')
      await t.db.updateTable('files').set({ filename: name }).where('id', '=', id).execute();
    else await t.db.updateTable('folders').set({ name }).where('id', '=', id).execute();
  };
  const zipOf = async (client: TestClient, url: string, body: unknown) => {
    const link = await client.post(url, body);
    expect(link.status).toBe(200);
    return client.get(link.body.data.url);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t);
    sharee = await signedUp(t);
    folder = await makeFolder(owner, 'Brief');
    await renameStored('files', await upload('one', folder), '..\\x');
    await renameStored('files', await upload('two', folder), 'a/b');
    await renameStored('files', await upload('three', folder), '..');
    await renameStored('files', await upload('four', folder), 'bell\u0007');
    await renameStored('folders', await makeFolder(owner, 'Sub', folder), '..\\up');
    const shared = await owner.post('/api/v1/shares', {
      folderId: folder,
      userId: sharee.user!._id,
      role: 'viewer',
    });
    expect(shared.status).toBe(201);
  });
  afterAll(() => t.close());

  const expectSafe = async (zip: { status: number; bytes: Buffer }) => {
    expect(zip.status).toBe(200);
    const names = (await readZip(zip.bytes)).map((e) => e.name).sort();
    expect(names).toEqual(
      ['Brief/.._up/', 'Brief/.._x.txt', 'Brief/...txt', 'Brief/a_b.txt', 'Brief/bell.txt'].sort(),
    );
    for (const name of names) expect(name.split('/')).not.toContain('..');
  };

  it('the owner’s zip and a sharee’s zip carry safe names', async () => {
    await expectSafe(await zipOf(owner, '/api/v1/files/zip', { folderIds: [folder] }));
    await expectSafe(await zipOf(sharee, '/api/v1/files/zip', { folderIds: [folder] }));
  });

  it('a folder link’s zip carries safe names and takes one download per file, once', async () => {
    const made = await owner.post(`/api/v1/folders/${folder}/links`, { maxDownloads: 10 });
    expect(made.status).toBe(201);
    const { token } = made.body.data;
    const visitor = t.client();
    const left = async () => (await visitor.get(`/api/v1/s/${token}`)).body.data.downloadsLeft;
    expect(await left()).toBe(10);
    await expectSafe(await zipOf(visitor, `/api/v1/s/${token}/zip`, { folderIds: [folder] }));
    expect(await left()).toBe(6);
  });

  it('a folder cycle in a damaged tree zips at once, each folder once', async () => {
    const a = await makeFolder(owner, 'Ring A');
    const b = await makeFolder(owner, 'Ring B', a);
    await upload('inside', b);
    await t.db.updateTable('folders').set({ parent_id: b }).where('id', '=', a).execute();
    const zip = await zipOf(owner, '/api/v1/files/zip', { folderIds: [a] });
    expect(zip.status).toBe(200);
    expect((await readZip(zip.bytes)).map((e) => e.name)).toEqual(['Ring A/Ring B/inside.txt']);
    await t.db.updateTable('folders').set({ parent_id: null }).where('id', '=', a).execute();
  });
});
