import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('who sees what (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;
  let anonymous: TestClient;
  let privateId: string;
  let publicId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
    owner = await signedUp(t, { name: 'Owner' });
    other = await signedUp(t, { name: 'Other' });
    anonymous = t.client();
    privateId = (await owner.upload({ bytes: png(100), filename: 'secret', isPublic: false })).body.data._id;
    publicId = (await owner.upload({ bytes: png(101), filename: 'shared', isPublic: true })).body.data._id;
  });
  afterAll(() => t.close());

  const routes = (id: string) =>
    [
      ['GET', `/api/v1/files/f/${id}`],
      ['GET', `/api/v1/files/f/${id}/content`],
      ['GET', `/api/v1/files/f/${id}/download`],
      ['PATCH', `/api/v1/files/update/${id}`],
      ['DELETE', `/api/v1/files/delete/${id}`],
    ] as const;

  it("answers another user's private file with 404 on every route, ranges included", async () => {
    for (const [method, url] of routes(privateId)) {
      const answer = await other.request(method, url, method === 'PATCH' ? { json: { filename: 'x' } } : {});
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
    }
    const ranged = await other.get(`/api/v1/files/f/${privateId}/content`, { range: 'bytes=0-3' });
    expect(ranged.status).toBe(404);
    expect(ranged.bytes.toString()).not.toContain('PNG');
  });

  it('asks a signed-out client to sign in on every route', async () => {
    for (const [method, url] of [
      ...routes(publicId),
      ['GET', '/api/v1/files/public'],
      ['GET', '/api/v1/files/user-files'],
      ['GET', '/api/v1/files/stats'],
    ] as const) {
      const answer = await anonymous.request(
        method,
        url,
        method === 'PATCH' ? { json: { filename: 'x' } } : {},
      );
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.body.message).toBe(MESSAGES.notSignedIn);
    }
  });

  it("lets another user see and download a public file, with the uploader's name but not email", async () => {
    const file = await other.get(`/api/v1/files/f/${publicId}`);
    expect(file.status).toBe(200);
    expect(file.body.data.uploadedBy).toEqual({ _id: owner.user!._id, name: 'Owner' });
    expect((await other.get(`/api/v1/files/f/${publicId}/content`)).status).toBe(200);
    expect((await other.get(`/api/v1/files/f/${publicId}/download`)).status).toBe(200);
    const list = await other.get('/api/v1/files/public');
    const listed = list.body.data.find((f: { _id: string }) => f._id === publicId);
    expect(listed.uploadedBy).toEqual({ _id: owner.user!._id, name: 'Owner' });
    expect(list.body.data.some((f: { _id: string }) => f._id === privateId)).toBe(false);
    expect(JSON.stringify(list.body)).not.toContain(owner.user!.email);
  });

  it('lets only the owner change a public file (403), and the owner or an admin delete it', async () => {
    const edit = await other.patch(`/api/v1/files/update/${publicId}`, { filename: 'mine now' });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(MESSAGES.notYourFile);
    expect((await other.delete(`/api/v1/files/delete/${publicId}`)).status).toBe(403);
    expect((await admin.patch(`/api/v1/files/update/${publicId}`, { filename: 'admin edit' })).status).toBe(
      403,
    );
    const moderated = (await owner.upload({ bytes: png(102), isPublic: false })).body.data._id;
    expect((await admin.get(`/api/v1/files/f/${moderated}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/files/delete/${moderated}`)).status).toBe(200);
  });

  it('makes a file private for everyone else on the very next request', async () => {
    const id = (await owner.upload({ bytes: png(103), isPublic: true })).body.data._id;
    const link = await other.get(`/api/v1/files/f/${id}/download`);
    expect((await other.get(`/api/v1/files/f/${id}`)).status).toBe(200);
    await owner.patch(`/api/v1/files/update/${id}`, { filename: 'now private', isPublic: false });
    expect((await other.get(`/api/v1/files/f/${id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/files/f/${id}/content`)).status).toBe(404);
    // A link handed out while it was public is re-checked when used.
    expect((await t.client().get(link.body.data.url)).status).toBe(404);
  });

  it('keeps admin routes for admins: 401 signed out, 403 for users', async () => {
    for (const url of [
      '/api/v1/admin/users',
      '/api/v1/admin/stats',
      `/api/v1/admin/stats/${owner.user!._id}`,
      '/api/v1/admin/files',
      `/api/v1/admin/files/${owner.user!._id}`,
    ]) {
      expect((await anonymous.get(url)).status, url).toBe(401);
      const refused = await other.get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.adminOnly, code: 'FORBIDDEN' });
      expect((await admin.get(url)).status, url).toBe(200);
    }
  });

  it('applies a promotion to admin on the next request', async () => {
    const promoted = t.client();
    const me = await promoted.signUp();
    expect((await promoted.get('/api/v1/admin/users')).status).toBe(403);
    await t.services.accounts.makeAdmin({ email: me.email });
    expect((await promoted.get('/api/v1/admin/users')).status).toBe(200);
  });
});
