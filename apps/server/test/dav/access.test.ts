import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { strongPassword } from '../helpers/test-client';
import { basicAuth, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

const LOCK_BODY =
  '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope>' +
  '<d:locktype><d:write/></d:locktype></d:lockinfo>';

/** Who may do what over WebDAV: tokens only, read tokens read, and nobody sees another account's tree. */
describe.each(DIALECTS)('WebDAV access on %s', (dialect) => {
  let server: DavServer;
  let writer: DavAccount;
  let reader: DavAccount;
  let stranger: DavAccount;

  const dav = (
    account: { email: string; token: string } | undefined,
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { ...(account && { authorization: basicAuth(account) }), ...init.headers },
    });

  beforeAll(async () => {
    server = await startDavServer(dialect);
    writer = await davAccount(server.baseUrl);
    // A read-only token of the same account.
    const answer = await writer.client.post('/api/v1/users/me/tokens', { name: 'reader', scope: 'read' });
    reader = { ...writer, token: answer.body.data.token };
    stranger = await davAccount(server.baseUrl);
    expect((await dav(writer, 'MKCOL', '/dav/Shared%20plans')).status).toBe(201);
    expect(
      (await dav(writer, 'PUT', '/dav/Shared%20plans/notes%20%23%25%26%2B.txt', { body: 'plans' })).status,
    ).toBe(201);
  });
  afterAll(() => server?.stop());

  it('a read token lists (207) and reads the bytes', async () => {
    const list = await dav(reader, 'PROPFIND', '/dav/Shared%20plans/', { headers: { depth: '1' } });
    expect(list.status).toBe(207);
    expect(await list.text()).toContain('<d:displayname>notes #%&amp;+.txt</d:displayname>');
    // A folder lists what it holds and nothing of its parent's or children's.
    const top = await (await dav(reader, 'PROPFIND', '/dav/', { headers: { depth: '1' } })).text();
    expect(top).toContain('<d:href>/dav/Shared%20plans/</d:href>');
    expect(top).not.toContain('notes');
    const get = await dav(reader, 'GET', '/dav/Shared%20plans/notes%20%23%25%26%2B.txt');
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('plans');
  });

  it('a read token cannot PUT, DELETE, MOVE, COPY, MKCOL or LOCK (403)', async () => {
    const file = '/dav/Shared%20plans/notes%20%23%25%26%2B.txt';
    const attempts: Array<[string, string, { body?: string; headers?: Record<string, string> }]> = [
      ['PUT', '/dav/new.txt', { body: 'x' }],
      ['DELETE', file, {}],
      ['MOVE', file, { headers: { destination: `${server.baseUrl}/dav/moved.txt` } }],
      ['COPY', file, { headers: { destination: `${server.baseUrl}/dav/copied.txt` } }],
      ['MKCOL', '/dav/new-folder', {}],
      ['LOCK', file, { body: LOCK_BODY }],
    ];
    for (const [method, path, init] of attempts) {
      const answer = await dav(reader, method, path, init);
      expect(answer.status, method).toBe(403);
      expect(await answer.text(), method).toContain(DAV_MESSAGES.readOnly);
    }
    const still = await dav(writer, 'PROPFIND', '/dav/', { headers: { depth: '1' } });
    const listing = await still.text();
    expect(listing).not.toContain('new.txt');
    expect(listing).not.toContain('new-folder');
  });

  it("another account's paths are 404 and its own tree is empty", async () => {
    expect((await dav(stranger, 'GET', '/dav/Shared%20plans/notes%20%23%25%26%2B.txt')).status).toBe(404);
    expect(
      (await dav(stranger, 'PROPFIND', '/dav/Shared%20plans/', { headers: { depth: '0' } })).status,
    ).toBe(404);
    expect((await dav(stranger, 'DELETE', '/dav/Shared%20plans/')).status).toBe(404);
    // Its own top holds only the (empty) folder of what others share with it.
    const own = await (await dav(stranger, 'PROPFIND', '/dav/', { headers: { depth: '1' } })).text();
    expect(own).not.toContain('Shared%20plans');
    expect(own).toContain('<d:href>/dav/Shared%20with%20me/</d:href>');
    const shared = await dav(stranger, 'PROPFIND', '/dav/Shared%20with%20me/', { headers: { depth: '1' } });
    expect((await shared.text()).match(/<d:response>/g)).toHaveLength(1);
  });

  it('the account password is refused with 401 saying to create a token; no credentials get the challenge', async () => {
    const withPassword = await dav({ email: writer.email, token: strongPassword }, 'PROPFIND', '/dav/', {
      headers: { depth: '0' },
    });
    expect(withPassword.status).toBe(401);
    expect(await withPassword.text()).toContain(DAV_MESSAGES.tokenRequired);
    const anonymous = await dav(undefined, 'PROPFIND', '/dav/', { headers: { depth: '0' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="CloudStash WebDAV"/);
    const otherEmail = await dav({ email: stranger.email, token: writer.token }, 'PROPFIND', '/dav/', {
      headers: { depth: '0' },
    });
    expect(otherEmail.status).toBe(401);
  });

  it('a session cookie is never a credential under /dav/', async () => {
    const answer = await dav(undefined, 'PROPFIND', '/dav/', {
      headers: { depth: '0', cookie: writer.client.cookieHeader() },
    });
    expect(answer.status).toBe(401);
  });

  it('OPTIONS announces class 1 and 2; Depth infinity is refused with propfind-finite-depth', async () => {
    const options = await dav(undefined, 'OPTIONS', '/dav/');
    expect(options.headers.get('dav')).toBe('1, 2');
    const infinite = await dav(writer, 'PROPFIND', '/dav/', { headers: { depth: 'infinity' } });
    expect(infinite.status).toBe(403);
    expect(await infinite.text()).toContain('propfind-finite-depth');
  });

  it('a DELETE with the trash on moves the folder into the trash, and a restore brings it back to the listing', async () => {
    // The first account of the instance is its administrator.
    expect(
      (await writer.client.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 7 })).status,
    ).toBe(200);
    expect((await dav(writer, 'MKCOL', '/dav/Old%20plans')).status).toBe(201);
    expect((await dav(writer, 'PUT', '/dav/Old%20plans/a.txt', { body: 'old' })).status).toBe(201);
    expect((await dav(writer, 'DELETE', '/dav/Old%20plans/')).status).toBe(204);
    expect((await dav(writer, 'PROPFIND', '/dav/Old%20plans/', { headers: { depth: '0' } })).status).toBe(
      404,
    );
    const trash = (await writer.client.get('/api/v1/trash')).body.data;
    expect(trash).toMatchObject([{ kind: 'folder', name: 'Old plans', files: 1 }]);
    expect((await writer.client.post('/api/v1/trash/restore', { folderIds: [trash[0]._id] })).status).toBe(
      200,
    );
    const back = await dav(writer, 'GET', '/dav/Old%20plans/a.txt');
    expect(await back.text()).toBe('old');
    await writer.client.patch('/api/v1/admin/settings/trash', { trashRetentionDays: 0 });
  });

  it('a PUT over an existing name keeps the previous bytes as a version when the instance keeps versions', async () => {
    expect((await writer.client.patch('/api/v1/admin/settings/versions', { versionsKeep: 2 })).status).toBe(
      200,
    );
    expect((await dav(writer, 'PUT', '/dav/draft.txt', { body: 'first draft' })).status).toBe(201);
    // The client's modification time travels with the new bytes, and the API shows it.
    const put = await dav(writer, 'PUT', '/dav/draft.txt', {
      body: 'second draft',
      headers: { 'x-oc-mtime': '1700000000' },
    });
    expect(put.status).toBe(204);
    const id = put.headers.get('oc-fileid');
    expect((await writer.client.get(`/api/v1/files/f/${id}`)).body.data.modifiedAt).toBe(
      new Date(1_700_000_000_000).toISOString(),
    );
    expect(await (await dav(writer, 'GET', '/dav/draft.txt')).text()).toBe('second draft');
    const versions = (await writer.client.get(`/api/v1/files/f/${id}/versions`)).body.data;
    expect(versions).toMatchObject([{ size: 'first draft'.length }]);
    const old = await writer.client.get(`/api/v1/files/f/${id}/versions/${versions[0]._id}/content`);
    expect(old.bytes.toString()).toBe('first draft');
    // The same bytes again change nothing and make no version.
    expect((await dav(writer, 'PUT', '/dav/draft.txt', { body: 'second draft' })).status).toBe(204);
    expect((await writer.client.get(`/api/v1/files/f/${id}/versions`)).body.data).toHaveLength(1);
    await writer.client.patch('/api/v1/admin/settings/versions', { versionsKeep: 0 });
  });
});
