import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { text } from '../helpers/fixtures';
import { makeFolder } from '../helpers/folder-setup';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * A search of all one's folders says where each hit is and finds folders too: `GET /folders?q=` answers the
 * folders of the caller's own tree whose name contains the text, with their paths, and each file found in a
 * search across all folders carries the path of the folder it lies in.
 */
describe.each(DIALECTS)('searching the whole tree (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t, { name: 'Owner' });
    stranger = await signedUp(t, { name: 'Stranger' });
    id.projects = await makeFolder(owner, 'Projects');
    id.clients = await makeFolder(owner, 'Clients', id.projects);
    id.acme = await makeFolder(owner, 'Acme', id.clients);
    id.archive = await makeFolder(owner, 'Archive');
    id.acmeOld = await makeFolder(owner, 'ACME 2019', id.archive);
    id.percent = await makeFolder(owner, '100% done');
    await makeFolder(stranger, 'Acme');
    const sent = await owner.upload({ bytes: text('brief'), name: 'acme brief.txt', folderId: id.acme });
    expect(sent.status).toBe(201);
  });
  afterAll(() => t.close());

  it('finds folders anywhere in one’s own tree by part of their name, ignoring case, each with its path', async () => {
    const found = await owner.get('/api/v1/folders?q=acme');
    expect(found.status).toBe(200);
    expect(found.body.meta.total).toBe(2);
    expect(
      found.body.data.map((f: { name: string; path: Array<{ name: string }> }) => [f.name, f.path]),
    ).toEqual([
      [
        'Acme',
        [
          { _id: id.projects, name: 'Projects' },
          { _id: id.clients, name: 'Clients' },
        ],
      ],
      ['ACME 2019', [{ _id: id.archive, name: 'Archive' }]],
    ]);
    expect(found.body.data[0].permissions.write).toBe(true);
  });

  it('takes the text literally and answers a folder at the top with an empty path', async () => {
    const percent = await owner.get(`/api/v1/folders?q=${encodeURIComponent('%')}`);
    expect(percent.body.data.map((f: { name: string; path: unknown[] }) => [f.name, f.path])).toEqual([
      ['100% done', []],
    ]);
    expect((await owner.get('/api/v1/folders?q=_')).body.data).toEqual([]);
  });

  it('never finds another account’s folders', async () => {
    const theirs = await stranger.get('/api/v1/folders?q=acme');
    expect(theirs.body.data.map((f: { name: string; path: unknown[] }) => [f.name, f.path])).toEqual([
      ['Acme', []],
    ]);
  });

  it('says where each file found across all folders lies, and nothing of that inside one folder', async () => {
    const across = await owner.get(`/api/v1/files/user-files?q=${encodeURIComponent('acme brief')}`);
    expect(across.body.data).toHaveLength(1);
    expect(across.body.data[0].folderPath).toEqual([
      { _id: id.projects, name: 'Projects' },
      { _id: id.clients, name: 'Clients' },
      { _id: id.acme, name: 'Acme' },
    ]);
    const inside = await owner.get(`/api/v1/files/user-files?q=brief&folderId=${id.acme}`);
    expect(inside.body.data).toHaveLength(1);
    expect(inside.body.data[0].folderPath).toBeUndefined();
  });

  it('refuses an empty or overlong search with 400', async () => {
    expect((await owner.get('/api/v1/folders?q=')).status).toBe(400);
    expect((await owner.get(`/api/v1/folders?q=${'a'.repeat(201)}`)).status).toBe(400);
  });
});
