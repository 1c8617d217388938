import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { png, text } from '../helpers/fixtures';
import { makeFolder } from '../helpers/folder-setup';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * A file records who put it where it is, apart from whose it is: a colleague's upload into a shared folder
 * stays the folder owner's (`uploadedBy`, the quota), and `uploader` says it was the colleague, through the
 * web app, a client's token or an upload link.
 */
describe.each(DIALECTS)('who uploaded a file (%s)', (dialect) => {
  let t: TestApp;
  let dana: TestClient;
  let ana: TestClient;
  let plans: string;

  const fileIn = async (name: string) => {
    const list = await dana.get(`/api/v1/files/user-files?folderId=${plans}&limit=200`);
    return (list.body.data as Array<Record<string, any>>).find((f) => f.filename === name)!;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dana = await signedUp(t, { name: 'Dana Admin' });
    ana = await signedUp(t, { name: 'Ana' });
    plans = await makeFolder(dana, 'Plans');
    const shared = await dana.post('/api/v1/shares', {
      folderId: plans,
      userId: ana.user!._id,
      role: 'editor',
    });
    expect(shared.status).toBe(201);
  });
  afterAll(() => t.close());

  it('names a colleague’s web upload into the owner’s shared folder as theirs, the owner staying its owner', async () => {
    const before = (await dana.get('/api/v1/files/stats')).body.data;
    const sent = await ana.upload({ bytes: png(1), name: 'sketch.png', type: 'image/png', folderId: plans });
    expect(sent.status).toBe(201);
    expect(sent.body.data.uploadedBy).toMatchObject({ _id: dana.user!._id, name: 'Dana Admin' });
    expect(sent.body.data.uploader).toEqual({ _id: ana.user!._id, name: 'Ana', via: 'app' });
    // The owner sees the same, and it counts against the owner.
    const seen = await fileIn('sketch');
    expect(seen.uploader).toEqual({ _id: ana.user!._id, name: 'Ana', via: 'app' });
    expect((await dana.get(`/api/v1/files/f/${seen._id}`)).body.data.uploader.name).toBe('Ana');
    const after = (await dana.get('/api/v1/files/stats')).body.data;
    expect(after.totalStorageUsed - before.totalStorageUsed).toBe(png(1).length);
  });

  it('names the owner’s own upload as theirs', async () => {
    const sent = await dana.upload({
      bytes: text('brief'),
      name: 'brief.txt',
      type: 'text/plain',
      folderId: plans,
    });
    expect(sent.body.data.uploader).toEqual({ _id: dana.user!._id, name: 'Dana Admin', via: 'app' });
  });

  it('names the client a WebDAV write came through, by its access token’s name', async () => {
    const auth = await davCredentials(ana, { name: 'Ana’s laptop' });
    const put = await fetch(`${t.baseUrl}/dav/Shared%20with%20me/Plans/notes.txt`, {
      method: 'PUT',
      body: 'from the laptop',
      headers: { authorization: auth },
    });
    expect(put.status).toBe(201);
    expect((await fileIn('notes.txt')).uploader).toEqual({
      _id: ana.user!._id,
      name: 'Ana',
      via: 'client',
      client: 'Ana’s laptop',
    });
  });

  it('names a colleague’s resumable upload as theirs', async () => {
    const bytes = text('resumed');
    const created = await ana.request('POST', '/api/v1/uploads', {
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('resumed')},originalName ${b64('resumed.txt')},folderId ${b64(plans)}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
    expect(created.status).toBe(201);
    expect((await fileIn('resumed')).uploader).toMatchObject({ _id: ana.user!._id, via: 'app' });
  });

  it('names an upload link’s visitor by the name they gave, on a form upload and a resumable one', async () => {
    const link = await dana.post(`/api/v1/folders/${plans}/requests`, { label: 'Client drop' });
    const form = new FormData();
    form.append('uploaderName', 'Carla Client');
    form.append('file', new Blob([new Uint8Array(text('from a client'))]), 'client.txt');
    expect(
      (await t.client().request('POST', `/api/v1/r/${link.body.data.token}/files`, { body: form })).status,
    ).toBe(201);
    expect((await fileIn('client')).uploader).toEqual({ _id: null, name: 'Carla Client', via: 'link' });

    const bytes = text('resumed by a client');
    const created = await t.client().request('POST', `/api/v1/r/${link.body.data.token}/uploads`, {
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('big.txt')},uploaderName ${b64('Carla Client')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
    expect(created.status).toBe(201);
    expect((await fileIn('big')).uploader).toEqual({ _id: null, name: 'Carla Client', via: 'link' });
  });

  it('shows others who uploaded it by name only, never the device it came through', async () => {
    const notes = await fileIn('notes.txt');
    const published = await dana.patch(`/api/v1/files/update/${notes._id}`, {
      filename: 'notes.txt',
      isPublic: true,
    });
    expect(published.status).toBe(200);
    const stranger = await signedUp(t, { name: 'Stranger' });
    const seen = (await stranger.get(`/api/v1/files/f/${notes._id}`)).body.data;
    expect(seen.uploadedBy).toEqual({ _id: dana.user!._id, name: 'Dana Admin' });
    expect(seen.uploader).toEqual({ _id: ana.user!._id, name: 'Ana', via: 'client' });
    // Nor the name an upload link's visitor gave the owner.
    const client = await fileIn('client');
    await dana.patch(`/api/v1/files/update/${client._id}`, { filename: 'client', isPublic: true });
    expect((await stranger.get(`/api/v1/files/f/${client._id}`)).body.data.uploader).toBeNull();
  });
});
