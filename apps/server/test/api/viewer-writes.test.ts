import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { text } from '../helpers/fixtures';
import { makeFolder } from '../helpers/folder-setup';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const LOCK_BODY =
  '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope>' +
  '<d:locktype><d:write/></d:locktype></d:lockinfo>';
const SHARED = '/dav/Shared%20with%20me/Plans';

/**
 * A viewer sees what is shared with them but may not change it: writing into it answers 403 and says so, over
 * the API and over WebDAV alike, while someone it is not shared with still finds nothing there (404).
 */
describe.each(DIALECTS)('a viewer writing into a share (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let viewer: TestClient;
  let stranger: TestClient;
  let plans: string;
  const auth = { viewer: '', stranger: '' };

  const dav = (who: keyof typeof auth, method: string, path: string, body?: string) =>
    fetch(`${t.baseUrl}${path}`, { method, body, headers: { authorization: auth[who] } });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t, { name: 'Owner' });
    viewer = await signedUp(t, { name: 'Viewer' });
    stranger = await signedUp(t, { name: 'Stranger' });
    plans = await makeFolder(owner, 'Plans');
    expect((await owner.upload({ bytes: text('brief'), name: 'brief.txt', folderId: plans })).status).toBe(
      201,
    );
    const shared = await owner.post('/api/v1/shares', {
      folderId: plans,
      userId: viewer.user!._id,
      role: 'viewer',
    });
    expect(shared.status).toBe(201);
    for (const who of ['viewer', 'stranger'] as const) {
      const client = who === 'viewer' ? viewer : stranger;
      auth[who] = await davCredentials(client);
    }
  });
  afterAll(() => t.close());

  it('answers 403 over WebDAV for a PUT, a MKCOL and a LOCK on a new name, saying the folder is view-only', async () => {
    for (const [method, path, body] of [
      ['PUT', `${SHARED}/mine.txt`, 'x'],
      ['MKCOL', `${SHARED}/Mine`, undefined],
      ['LOCK', `${SHARED}/locked.txt`, LOCK_BODY],
    ] as const) {
      const answer = await dav('viewer', method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(await answer.text()).toContain(FOLDER_MESSAGES.viewOnly);
    }
    const listed = await owner.get(`/api/v1/files/user-files?folderId=${plans}&limit=50`);
    expect(listed.body.data.map((f: { filename: string }) => f.filename)).toEqual(['brief']);
  });

  it('answers 403 over the API for an upload, a new subfolder and a rename of the folder', async () => {
    const upload = await viewer.upload({ bytes: text('x'), name: 'mine.txt', folderId: plans });
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe(FOLDER_MESSAGES.viewOnly);
    const sub = await viewer.post('/api/v1/folders', { name: 'Mine', parentId: plans });
    expect(sub.status).toBe(403);
    expect(sub.body.message).toBe(FOLDER_MESSAGES.viewOnly);
    const rename = await viewer.patch(`/api/v1/folders/${plans}`, { name: 'Theirs' });
    expect(rename.status).toBe(403);
  });

  it('still answers 404 to someone the folder is not shared with', async () => {
    const upload = await stranger.upload({ bytes: text('x'), name: 'mine.txt', folderId: plans });
    expect(upload.status).toBe(404);
    expect(upload.body.message).toBe(FOLDER_MESSAGES.notFound);
    expect((await stranger.patch(`/api/v1/folders/${plans}`, { name: 'Theirs' })).status).toBe(404);
    expect((await dav('stranger', 'PUT', `${SHARED}/mine.txt`, 'x')).status).toBe(409);
  });
});
