import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const LOCK_BODY = (scope = 'exclusive') =>
  `<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:${scope}/></d:lockscope>` +
  '<d:locktype><d:write/></d:locktype><d:owner>test</d:owner></d:lockinfo>';

const OWN = '/dav/Projects/Trip';
const SHARED = '/dav/Shared%20with%20me/Trip';

/**
 * A WebDAV lock belongs to the item, whoever reaches it by whichever path: the owner reaches the shared folder
 * at /Projects/Trip, an editor at /Shared with me/Trip, and a lock either takes stops the other, shows on both
 * paths, and can be ended only by whoever took it.
 */
describe.each(DIALECTS)('WebDAV locks on shared items (%s)', (dialect) => {
  let t: TestApp;
  const auth: Record<'owner' | 'editor' | 'viewer', string> = { owner: '', editor: '', viewer: '' };

  const dav = (
    who: keyof typeof auth,
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { authorization: auth[who], ...init.headers },
    });
  const lock = async (who: keyof typeof auth, path: string, depth = '0') => {
    const answer = await dav(who, 'LOCK', path, { body: LOCK_BODY(), headers: { depth } });
    expect(answer.status).toBe(200);
    return answer.headers.get('lock-token')!.slice(1, -1);
  };
  const unlock = (who: keyof typeof auth, path: string, token: string) =>
    dav(who, 'UNLOCK', path, { headers: { 'lock-token': `<${token}>` } });
  const put = (who: keyof typeof auth, path: string, body: string, token?: string) =>
    dav(who, 'PUT', path, { body, headers: token ? { if: `(<${token}>)` } : {} });
  const discovery = async (who: keyof typeof auth, path: string, depth = '0') =>
    (
      await dav(who, 'PROPFIND', path, {
        headers: { depth },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:lockdiscovery/></d:prop></d:propfind>',
      })
    ).text();

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ALLOWED_UPLOAD_TYPES: 'any' } });
    const clients: Record<string, TestClient> = {};
    for (const who of ['owner', 'editor', 'viewer'] as const) {
      const client = await signedUp(t);
      clients[who] = client;
      auth[who] = await davCredentials(client);
    }
    for (const path of ['/dav/Projects', OWN]) expect((await dav('owner', 'MKCOL', path)).status).toBe(201);
    expect((await put('owner', `${OWN}/a.txt`, 'first')).status).toBe(201);
    const projects = (await clients.owner!.get('/api/v1/folders?parentId=root')).body.data[0]._id;
    const trip = (await clients.owner!.get(`/api/v1/folders?parentId=${projects}`)).body.data[0]._id;
    for (const who of ['editor', 'viewer'] as const) {
      const shared = await clients.owner!.post('/api/v1/shares', {
        folderId: trip,
        userId: clients[who]!.user!._id,
        role: who,
      });
      expect(shared.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('stops an editor writing a file the owner locked, shows the lock on the editor’s path, and ends with the owner’s UNLOCK', async () => {
    const token = await lock('owner', `${OWN}/a.txt`);
    expect((await put('editor', `${SHARED}/a.txt`, 'overwritten')).status).toBe(423);
    // Another account's token is no key, though lockdiscovery shows it.
    expect((await put('editor', `${SHARED}/a.txt`, 'overwritten', token)).status).toBe(423);
    expect((await dav('editor', 'DELETE', `${SHARED}/a.txt`)).status).toBe(423);
    const seen = await discovery('editor', `${SHARED}/a.txt`);
    expect(seen).toContain(token);
    expect(seen).toContain(`<d:lockroot><d:href>${SHARED}/a.txt</d:href></d:lockroot>`);
    expect(await discovery('editor', `${SHARED}/`, '1')).toContain(token);
    expect((await unlock('editor', `${SHARED}/a.txt`, token)).status).toBe(403);

    expect((await put('owner', `${OWN}/a.txt`, 'second', token)).status).toBe(204);
    expect((await unlock('owner', `${OWN}/a.txt`, token)).status).toBe(204);
    expect((await put('editor', `${SHARED}/a.txt`, 'third')).status).toBe(204);
    expect(await (await dav('owner', 'GET', `${OWN}/a.txt`)).text()).toBe('third');
  });

  it('stops the owner writing, deleting or moving what an editor locked, and shows it on the owner’s path', async () => {
    const token = await lock('editor', `${SHARED}/a.txt`);
    expect((await put('owner', `${OWN}/a.txt`, 'mine')).status).toBe(423);
    expect((await dav('owner', 'DELETE', OWN)).status).toBe(423);
    const moved = await dav('owner', 'MOVE', OWN, { headers: { destination: `${t.baseUrl}/dav/Trip` } });
    expect(moved.status).toBe(423);
    const listed = await discovery('owner', `${OWN}/`, '1');
    expect(listed).toContain(token);
    expect(listed).toContain(`<d:lockroot><d:href>${OWN}/a.txt</d:href></d:lockroot>`);
    const unlocked = await unlock('owner', `${OWN}/a.txt`, token);
    expect(unlocked.status).toBe(403);
    expect(await unlocked.text()).toContain(DAV_MESSAGES.lockNotYours);

    expect((await put('editor', `${SHARED}/a.txt`, 'the editor’s', token)).status).toBe(204);
    expect((await unlock('editor', `${SHARED}/a.txt`, token)).status).toBe(204);
    expect((await put('owner', `${OWN}/a.txt`, 'mine')).status).toBe(204);
  });

  it('lets a lock on the owner’s folder above the shared one cover it, shown without the owner’s folder names', async () => {
    const token = await lock('owner', '/dav/Projects', 'infinity');
    expect((await put('editor', `${SHARED}/new.txt`, 'new')).status).toBe(423);
    expect((await dav('editor', 'MKCOL', `${SHARED}/Sub`)).status).toBe(423);
    const seen = await discovery('editor', `${SHARED}/`, '1');
    expect(seen).toContain(token);
    expect(seen).toContain(`<d:lockroot><d:href>${SHARED}/</d:href></d:lockroot>`);
    expect(seen).not.toContain('Projects');
    expect((await unlock('owner', '/dav/Projects/', token)).status).toBe(204);
    expect((await put('editor', `${SHARED}/new.txt`, 'new')).status).toBe(201);
  });

  it('refuses a lock to a viewer, who may not write, so no viewer can hold the owner back', async () => {
    expect((await dav('viewer', 'LOCK', `${SHARED}/a.txt`, { body: LOCK_BODY() })).status).toBe(403);
    // A new name is written as a PUT would be, which a viewer is refused (as the API refuses their writes).
    const onNewName = await dav('viewer', 'LOCK', `${SHARED}/b.txt`, { body: LOCK_BODY() });
    expect([403, 404]).toContain(onNewName.status);
    expect(await discovery('owner', `${OWN}/`, '1')).not.toContain('b.txt');
    expect((await dav('viewer', 'LOCK', '/dav/Shared%20with%20me/', { body: LOCK_BODY() })).status).toBe(403);
    expect((await put('owner', `${OWN}/a.txt`, 'still mine')).status).toBe(204);
    expect(await discovery('owner', `${OWN}/a.txt`)).not.toContain('opaquelocktoken');
  });

  it('ends a lock when its item moves, on whichever path it was taken', async () => {
    const token = await lock('editor', `${SHARED}/a.txt`);
    const moved = await dav('owner', 'MOVE', `${OWN}/a.txt`, {
      headers: { destination: `${t.baseUrl}${OWN}/moved.txt` },
    });
    expect(moved.status).toBe(423);
    const byEditor = await dav('editor', 'MOVE', `${SHARED}/a.txt`, {
      headers: { destination: `${t.baseUrl}${SHARED}/moved.txt`, if: `(<${token}>)` },
    });
    expect(byEditor.status).toBe(201);
    expect((await put('owner', `${OWN}/moved.txt`, 'free again')).status).toBe(204);
  });
});
