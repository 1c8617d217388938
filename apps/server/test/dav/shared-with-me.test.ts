import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { basicAuth, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

/**
 * What others share with an account appears under /dav/Shared with me/: a viewer reads it, an editor also
 * writes into it (as the owner's files), and nothing else of the owner's is reachable.
 */
describe.each(DIALECTS)('WebDAV: Shared with me on %s', (dialect) => {
  let server: DavServer;
  let owner: DavAccount;
  let editor: DavAccount;
  let viewer: DavAccount;

  const dav = (
    account: DavAccount,
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { authorization: basicAuth(account), ...init.headers },
    });
  const listing = async (account: DavAccount, path: string) =>
    (await dav(account, 'PROPFIND', path, { headers: { depth: '1' } })).text();
  const SHARED = '/dav/Shared%20with%20me';

  beforeAll(async () => {
    server = await startDavServer(dialect);
    owner = await davAccount(server.baseUrl);
    editor = await davAccount(server.baseUrl);
    viewer = await davAccount(server.baseUrl);
    for (const path of ['/dav/Team', '/dav/Team/Plans', '/dav/Private'])
      expect((await dav(owner, 'MKCOL', path)).status).toBe(201);
    expect((await dav(owner, 'PUT', '/dav/Team/Plans/brief.txt', { body: 'the brief' })).status).toBe(201);
    expect((await dav(owner, 'PUT', '/dav/Private/secret.txt', { body: 'secret' })).status).toBe(201);
    const team = (await owner.client.get('/api/v1/folders?parentId=root&limit=200')).body.data.find(
      (f: { name: string }) => f.name === 'Team',
    )._id;
    for (const [account, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const shared = await owner.client.post('/api/v1/shares', {
        folderId: team,
        userId: account.client.user!._id,
        role,
      });
      expect(shared.status).toBe(201);
    }
  });
  afterAll(() => server?.stop());

  it('lists the shared folder under Shared with me, beside one’s own top, and reads what lies in it', async () => {
    const top = await listing(viewer, '/dav/');
    expect(top).toContain(`<d:href>${SHARED}/</d:href>`);
    const shared = await listing(viewer, `${SHARED}/`);
    expect(shared).toContain(`<d:href>${SHARED}/Team/</d:href>`);
    expect(shared).not.toContain('Private');
    expect(await listing(viewer, `${SHARED}/Team/Plans/`)).toContain('brief.txt');
    const get = await dav(viewer, 'GET', `${SHARED}/Team/Plans/brief.txt`);
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('the brief');
    expect((await dav(viewer, 'GET', `${SHARED}/Private/secret.txt`)).status).toBe(404);
  });

  it('lets an editor write into it as the owner’s files, and a viewer not at all', async () => {
    const put = await dav(editor, 'PUT', `${SHARED}/Team/Plans/notes.txt`, { body: 'from the editor' });
    expect(put.status).toBe(201);
    expect((await dav(editor, 'MKCOL', `${SHARED}/Team/Drafts`)).status).toBe(201);
    expect(
      (
        await dav(editor, 'MOVE', `${SHARED}/Team/Plans/notes.txt`, {
          headers: { destination: `${server.baseUrl}${SHARED}/Team/Drafts/notes.txt` },
        })
      ).status,
    ).toBe(201);
    // The owner sees it in their own tree.
    const own = await dav(owner, 'GET', '/dav/Team/Drafts/notes.txt');
    expect(await own.text()).toBe('from the editor');

    for (const [method, path] of [
      ['PUT', `${SHARED}/Team/viewer.txt`],
      ['MKCOL', `${SHARED}/Team/ViewerFolder`],
      ['DELETE', `${SHARED}/Team/Plans/brief.txt`],
    ] as const) {
      const answer = await dav(viewer, method, path, method === 'PUT' ? { body: 'x' } : {});
      expect([403, 404], `${method} ${path}`).toContain(answer.status);
    }
    expect((await dav(owner, 'GET', '/dav/Team/viewer.txt')).status).toBe(404);
    // Nothing is made in the Shared with me folder itself, nor is anything moved out of the share.
    expect((await dav(editor, 'MKCOL', `${SHARED}/Mine`)).status).toBe(403);
    const out = await dav(editor, 'MOVE', `${SHARED}/Team/Drafts/notes.txt`, {
      headers: { destination: `${server.baseUrl}/dav/stolen.txt` },
    });
    expect([403, 404]).toContain(out.status);
    expect((await dav(owner, 'GET', '/dav/Team/Drafts/notes.txt')).status).toBe(200);
  });
});
