import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { text } from '../helpers/fixtures';
import { makeFolder } from '../helpers/folder-setup';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

type Hit = { name: string; path?: unknown[] };
type FileHit = { filename: string; folderPath?: unknown[]; permissions: { write: boolean } };

/**
 * Searching Shared with me: `GET /shares/with-me/search?q=` finds folders and files anywhere in what others
 * shared with the caller, each with where it lies from the highest shared folder down, and never the owner's
 * folders above it nor anything not shared.
 */
describe.each(DIALECTS)('searching what is shared with me (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let guest: TestClient;
  const id: Record<string, string> = {};

  const share = async (item: { folderId: string } | { fileId: string }, role: 'viewer' | 'editor') => {
    const shared = await owner.post('/api/v1/shares', { ...item, userId: guest.user!._id, role });
    expect(shared.status).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t, { name: 'Owner' });
    guest = await signedUp(t, { name: 'Guest' });
    id.private = await makeFolder(owner, 'Private clients');
    id.studio = await makeFolder(owner, 'Studio', id.private);
    id.acme = await makeFolder(owner, 'Acme', id.studio);
    id.acmeHidden = await makeFolder(owner, 'Acme secret', id.private);
    id.loose = await makeFolder(owner, 'Loose');
    const inAcme = await owner.upload({ bytes: text('brief'), name: 'acme brief.txt', folderId: id.acme });
    const hidden = await owner.upload({ bytes: text('x'), name: 'acme plan.txt', folderId: id.acmeHidden });
    const single = await owner.upload({ bytes: text('one'), name: 'acme logo.txt', folderId: id.loose });
    expect([inAcme.status, hidden.status, single.status]).toEqual([201, 201, 201]);
    await share({ folderId: id.studio }, 'editor');
    await share({ fileId: single.body.data._id }, 'viewer');
    await makeFolder(guest, 'Acme of my own');
  });
  afterAll(() => t.close());

  const search = (client: TestClient, q: string) =>
    client.get(`/api/v1/shares/with-me/search?q=${encodeURIComponent(q)}`);

  it('finds folders below a shared folder, with the path from the shared folder down', async () => {
    const found = await search(guest, 'acme');
    expect(found.status).toBe(200);
    expect(found.body.data.folders.map((f: Hit) => [f.name, f.path])).toEqual([
      ['Acme', [{ _id: id.studio, name: 'Studio' }]],
    ]);
    expect(found.body.data.folders[0].permissions.write).toBe(true);
  });

  it('finds files in shared folders and files shared on their own, saying where each lies', async () => {
    const found = await search(guest, 'acme');
    const files = found.body.data.files as FileHit[];
    expect(files.map((f) => [f.filename, f.folderPath])).toEqual([
      [
        'acme brief',
        [
          { _id: id.studio, name: 'Studio' },
          { _id: id.acme, name: 'Acme' },
        ],
      ],
      ['acme logo', undefined],
    ]);
    expect(files.map((f) => f.permissions.write)).toEqual([true, false]);
  });

  it('answers a shared folder itself at the top, and never the owner’s folders above or beside it', async () => {
    const found = await search(guest, 'studio');
    expect(found.body.data.folders.map((f: Hit) => [f.name, f.path])).toEqual([['Studio', []]]);
    const above = await search(guest, 'private');
    expect(above.body.data).toEqual({ folders: [], files: [] });
    const plan = await search(guest, 'plan');
    expect(plan.body.data.files).toEqual([]);
  });

  it('never answers the caller’s own items, and finds nothing for someone nothing is shared with', async () => {
    const mine = await search(guest, 'my own');
    expect(mine.body.data.folders).toEqual([]);
    const ownerLooks = await search(owner, 'acme');
    expect(ownerLooks.body.data).toEqual({ folders: [], files: [] });
  });

  it('takes the text literally and refuses an empty one', async () => {
    expect((await search(guest, '%')).body.data).toEqual({ folders: [], files: [] });
    const empty = await search(guest, '  ');
    expect(empty.status).toBe(400);
    expect((await t.client().get('/api/v1/shares/with-me/search?q=acme')).status).toBe(401);
  });
});
