import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, REQUEST_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder } from '../helpers/folder-setup';
import { png, text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

describe.each(DIALECTS)('upload links (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let inbox: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t, { name: 'Owner' });
    stranger = await signedUp(t, { name: 'Stranger' });
    inbox = await makeFolder(owner, 'Inbox');
  });
  afterAll(() => t.close());

  const makeRequest = async (body: Record<string, unknown> = {}, folderId = inbox) => {
    const made = await owner.post(`/api/v1/folders/${folderId}/requests`, {
      label: 'Client photos',
      ...body,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data as { _id: string; token: string; url: string };
  };
  /** A visitor's form upload: no session, the file and the sender's name. */
  const send = (token: string, bytes: Buffer, name: string, uploaderName?: string, client = t.client()) => {
    const form = new FormData();
    if (uploaderName !== undefined) form.append('uploaderName', uploaderName);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return client.request('POST', `/api/v1/r/${token}/files`, { body: form });
  };
  const filesIn = async (folderId: string) =>
    (await owner.get(`/api/v1/files/user-files?folderId=${folderId}&limit=200`)).body.data as Array<{
      filename: string;
    }>;

  it('takes a visitor’s files into the folder as the owner’s, numbered beside a name taken, saying who sent them', async () => {
    const folder = await makeFolder(owner, 'From Dana');
    const request = await makeRequest({ message: 'Drop the wedding photos here', maxFiles: 10 }, folder);
    expect(request.url).toBe(`/r/${request.token}`);
    const shown = await t.client().get(`/api/v1/r/${request.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      passwordRequired: false,
      ownerName: 'Owner',
      label: 'Client photos',
      message: 'Drop the wedding photos here',
      filesLeft: 10,
      bytesLeft: null,
    });

    const photo = png(3);
    const first = await send(request.token, photo, 'beach.png', 'Dana');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(REQUEST_MESSAGES.uploaded);
    const second = await send(request.token, png(4), 'beach.png', 'Dana');
    expect(second.body.data.filename).toBe('beach (2)');
    expect((await filesIn(folder)).map((f) => f.filename).sort()).toEqual(['beach', 'beach (2)']);

    const received = await owner.get(`/api/v1/requests/${request._id}/files`);
    expect(received.body.data).toHaveLength(2);
    expect(received.body.data[0].note).toBe('Uploaded by Dana through Client photos');
    const listed = await owner.get(`/api/v1/folders/${folder}/requests`);
    expect(listed.body.data[0]).toMatchObject({
      filesReceived: 2,
      bytesReceived: photo.length + png(4).length,
    });

    // A name is required; a visitor sees nothing of the folder.
    const nameless = await send(request.token, png(5), 'x.png');
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe(REQUEST_MESSAGES.uploaderNameRequired);
    expect((await t.client().get(`/api/v1/s/${request.token}`)).status).toBe(404);
    expect((await t.client().get(`/api/v1/s/${request.token}/content`)).status).toBe(404);
  });

  it('holds its file limit and its byte limit under twenty uploads at once', async () => {
    const byFiles = await makeRequest({ maxFiles: 5 }, await makeFolder(owner, 'Five files'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(byFiles.token, text(`file ${i} ${'x'.repeat(100)}`), `f${i}.txt`, 'Sam'),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(LINK_MESSAGES.linkUnavailable);
    }

    const folder = await makeFolder(owner, 'Three kilobytes');
    const byBytes = await makeRequest({ maxBytes: 3000 }, folder);
    const sized = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(byBytes.token, text(`${i}`.padEnd(1000, '.')), `b${i}.txt`, 'Sam'),
      ),
    );
    expect(sized.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await filesIn(folder)).toHaveLength(3);
    // Used up: the link answers like any dead one.
    expect((await t.client().get(`/api/v1/r/${byBytes.token}`)).status).toBe(404);
  });

  it('takes resumable uploads over tus, holding their place from creation, reachable through their link only', async () => {
    const request = await makeRequest({ maxFiles: 2 }, await makeFolder(owner, 'Resumable'));
    const visitor = t.client();
    const create = (length: number, name: string) =>
      visitor.request('POST', `/api/v1/r/${request.token}/uploads`, {
        headers: {
          ...TUS,
          'upload-length': String(length),
          'upload-metadata': `filename ${b64(name)},uploaderName ${b64('Robin')}`,
        },
      });
    const bytes = png(9, 64, 64);
    const made = await create(bytes.length, 'scan.png');
    expect(made.status).toBe(201);
    const url = made.headers.get('location')!;
    expect(url).toMatch(new RegExp(`^/api/v1/r/${request.token}/uploads/`));
    expect((await create(10, 'second.png')).status).toBe(201);
    const third = await create(10, 'third.png');
    expect(third.status).toBe(413);
    expect(third.body.message).toBe(REQUEST_MESSAGES.filesLimit);

    // The owner's own upload routes and another link do not reach it.
    const id = url.split('/').at(-1);
    expect((await owner.request('HEAD', `/api/v1/uploads/${id}`, { headers: TUS })).status).toBe(404);
    const other = await makeRequest();
    expect(
      (await visitor.request('HEAD', `/api/v1/r/${other.token}/uploads/${id}`, { headers: TUS })).status,
    ).toBe(404);

    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, body: Buffer) =>
      visitor.request('PATCH', url, {
        headers: {
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    expect((await patch(0, bytes.subarray(0, half))).status).toBe(204);
    expect((await visitor.request('HEAD', url, { headers: TUS })).headers.get('upload-offset')).toBe(
      String(half),
    );
    const done = await patch(half, bytes.subarray(half));
    expect(done.status).toBe(204);
    const fileId = done.headers.get('upload-file-id')!;
    const file = await owner.get(`/api/v1/files/f/${fileId}`);
    expect(file.body.data).toMatchObject({
      filename: 'scan',
      uploadedBy: { name: 'Owner' },
      uploadNote: 'Uploaded by Robin through Client photos',
    });
    const notes = (await owner.get(`/api/v1/requests/${request._id}/files`)).body.data;
    expect(notes[0].note).toBe('Uploaded by Robin through Client photos');
  });

  it('keeps a password-protected link closed until unlocked, and a closed link answers like a dead one', async () => {
    const request = await makeRequest({ password: 'letmein1' });
    const visitor = t.client();
    expect((await visitor.get(`/api/v1/r/${request.token}`)).body.data).toEqual({ passwordRequired: true });
    const locked = await send(request.token, png(11), 'a.png', 'Lee', visitor);
    expect(locked.status).toBe(401);
    expect((await visitor.post(`/api/v1/r/${request.token}/unlock`, { password: 'wrong-one' })).status).toBe(
      401,
    );
    expect((await visitor.post(`/api/v1/r/${request.token}/unlock`, { password: 'letmein1' })).status).toBe(
      200,
    );
    expect((await send(request.token, png(11), 'a.png', 'Lee', visitor)).status).toBe(201);

    const closed = await owner.delete(`/api/v1/requests/${request._id}`);
    expect(closed.status).toBe(200);
    expect(closed.body.data.state).toBe('closed');
    const dead = await visitor.get(`/api/v1/r/${request.token}`);
    expect(dead.status).toBe(404);
    expect(dead.body.message).toBe(LINK_MESSAGES.linkUnavailable);
    expect((await send(request.token, png(12), 'b.png', 'Lee', visitor)).status).toBe(404);
    expect((await t.client().get('/api/v1/r/not-a-token')).body.message).toBe(LINK_MESSAGES.linkUnavailable);
  });

  it('is made, changed and listed only by whoever may share the folder', async () => {
    expect((await stranger.post(`/api/v1/folders/${inbox}/requests`, { label: 'Mine now' })).status).toBe(
      404,
    );
    const request = await makeRequest();
    expect((await stranger.patch(`/api/v1/requests/${request._id}`, { label: 'x' })).status).toBe(404);
    expect((await stranger.get(`/api/v1/requests/${request._id}/files`)).status).toBe(404);
    const changed = await owner.patch(`/api/v1/requests/${request._id}`, {
      label: 'Renamed',
      maxFiles: 3,
      message: null,
    });
    expect(changed.body.data).toMatchObject({ label: 'Renamed', maxFiles: 3, message: null });
    const blank = await owner.post(`/api/v1/folders/${inbox}/requests`, { label: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(REQUEST_MESSAGES.labelRequired);
    // Upload links are not share links: the share link lists leave them out.
    expect(
      (await owner.get('/api/v1/links')).body.data.some((l: { _id: string }) => l._id === request._id),
    ).toBe(false);
  });
});

describe.each(DIALECTS)('upload links under the throttle (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { UPLOAD_LINK_FILES_PER_ADDRESS: '3', UPLOAD_LINK_FILES_PER_LINK: '5', TRUST_PROXY: 'true' },
    });
    owner = await signedUp(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  it('counts new files per address and per link, before anything is read', async () => {
    const folder = await makeFolder(owner, 'Throttled');
    const link = (await owner.post(`/api/v1/folders/${folder}/requests`, { label: 'Drop' })).body.data;
    const send = (address: string, i: number) => {
      const form = new FormData();
      form.append('uploaderName', 'Kim');
      form.append('file', new Blob([new Uint8Array(text(`file ${address} ${i}`))]), `f${i}.txt`);
      return t.client().request('POST', `/api/v1/r/${link.token}/files`, {
        body: form,
        headers: { 'x-forwarded-for': address },
      });
    };
    const fromOne = [];
    for (let i = 0; i < 4; i++) fromOne.push((await send('203.0.113.1', i)).status);
    expect(fromOne).toEqual([201, 201, 201, 429]);
    // Another address still gets in, until the link's own count is used up.
    const fromTwo = [];
    for (let i = 0; i < 3; i++) fromTwo.push((await send('203.0.113.2', i)).status);
    expect(fromTwo).toEqual([201, 201, 429]);
  });
});
