import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, text } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const HOUR = 3_600_000;

/**
 * Lists say which thumbnails are still on their way, and share-link visitors get a link's thumbnail through
 * the link. No worker runs in this server: the test drains the queue itself, so "pending" is seen for sure.
 */
describe.each(DIALECTS)('thumbnail readiness and share-link thumbnails (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { THUMBNAIL_WORKERS: '0' } });
    owner = t.client();
    await owner.signUp({ name: 'Thumb Owner' });
  }, 60_000);
  afterAll(() => t?.close());

  const drainJobs = async () => {
    while (await t.services.thumbnailWorker.runOne());
  };
  const mine = async () =>
    (await owner.get('/api/v1/files/user-files?limit=100')).body.data as {
      _id: string;
      thumbnailUrl: string | null;
      thumbnailPending: boolean;
    }[];
  const photo = (seed: number) => png(seed, 64, 48);
  const uploadPhoto = async (seed: number, isPublic = false) =>
    (await owner.upload({ bytes: photo(seed), name: `photo-${seed}.png`, type: 'image/png', isPublic })).body
      .data._id as string;
  async function createLink(fileId: string, body: Record<string, unknown> = {}) {
    const answer = await owner.post(`/api/v1/files/f/${fileId}/links`, body);
    expect(answer.status).toBe(201);
    return answer.body.data as { _id: string; token: string };
  }
  const linkDownloads = async (fileId: string, linkId: string) =>
    (
      (await owner.get(`/api/v1/files/f/${fileId}/links`)).body.data as { _id: string; downloads: number }[]
    ).find((l) => l._id === linkId)!.downloads;

  it('marks a file pending until its thumbnails exist, and never a file that will get none', async () => {
    const photoId = await uploadPhoto(1);
    const note = await owner.upload({ bytes: text(`note ${crypto.randomUUID()}`), type: 'text/plain' });
    const corrupt = await owner.upload({
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]),
      name: 'broken.jpg',
      type: 'image/jpeg',
    });

    const before = await mine();
    expect(before.find((f) => f._id === photoId)).toMatchObject({
      thumbnailUrl: null,
      thumbnailPending: true,
    });
    expect(before.find((f) => f._id === note.body.data._id)).toMatchObject({
      thumbnailUrl: null,
      thumbnailPending: false,
    });
    expect((await owner.get(`/api/v1/files/f/${photoId}`)).body.data.thumbnailPending).toBe(true);
    expect((await owner.get(`/api/v1/files/f/${photoId}/thumbnail`)).status).toBe(404);

    await drainJobs();
    const after = await mine();
    expect(after.find((f) => f._id === photoId)).toMatchObject({
      thumbnailUrl: `/api/v1/files/f/${photoId}/thumbnail`,
      thumbnailPending: false,
    });
    // Bytes that cannot be decoded are failed for good: nothing to wait for.
    expect(after.find((f) => f._id === corrupt.body.data._id)).toMatchObject({
      thumbnailUrl: null,
      thumbnailPending: false,
    });
  });

  it("serves a link's thumbnail to its visitor with the file thumbnail's caching, counting no download", async () => {
    const fileId = await uploadPhoto(2);
    const link = await createLink(fileId, { maxDownloads: 1 });
    const visitor = t.client();
    expect((await visitor.get(`/api/v1/s/${link.token}`)).body.data.thumbnailUrl).toBeNull();
    const early = await visitor.get(`/api/v1/s/${link.token}/thumbnail`);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe(MESSAGES.thumbnailNotFound);

    await drainJobs();
    const url = (await visitor.get(`/api/v1/s/${link.token}`)).body.data.thumbnailUrl;
    expect(url).toBe(`/api/v1/s/${link.token}/thumbnail`);
    const small = await visitor.get(url);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(small.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    // The same bytes and validator as the owner's own thumbnail of that content.
    const own = await owner.get(`/api/v1/files/f/${fileId}/thumbnail`);
    expect(small.bytes.equals(own.bytes)).toBe(true);
    const etag = small.headers.get('etag')!;
    expect(own.headers.get('etag')).toBe(etag);
    expect((await visitor.get(url, { 'if-none-match': etag })).status).toBe(304);
    const large = await visitor.get(`${url}?size=1024`);
    expect(large.status).toBe(200);
    expect(large.headers.get('etag')).not.toBe(etag);
    expect((await visitor.get(`${url}?size=512`)).status).toBe(400);

    // Thumbnails are not downloads: the link's only download is still there to take.
    expect(await linkDownloads(fileId, link._id)).toBe(0);
    const download = await visitor.get(`/api/v1/s/${link.token}/content?download=1`);
    expect(download.bytes.equals(photo(2))).toBe(true);
    expect(await linkDownloads(fileId, link._id)).toBe(1);
    // Used up, the link shows nothing more, thumbnails included.
    const usedUp = await visitor.get(url);
    expect(usedUp.status).toBe(404);
    expect(usedUp.body.message).toBe(LINK_MESSAGES.linkUnavailable);
  });

  it("keeps a copy's thumbnail from its link's visitor until the copy's own job has run", async () => {
    const first = await uploadPhoto(4);
    await drainJobs();
    expect((await owner.get(`/api/v1/files/f/${first}/thumbnail`)).status).toBe(200);
    // The same bytes again: the content has thumbnails, this file not yet.
    const copy = await uploadPhoto(4);
    const link = await createLink(copy);
    const visitor = t.client();
    expect((await visitor.get(`/api/v1/s/${link.token}`)).body.data.thumbnailUrl).toBeNull();
    expect((await visitor.get(`/api/v1/s/${link.token}/thumbnail`)).status).toBe(404);
    expect((await owner.get(`/api/v1/files/f/${copy}/thumbnail`)).status).toBe(404);

    await drainJobs();
    expect((await visitor.get(`/api/v1/s/${link.token}`)).body.data.thumbnailUrl).toBe(
      `/api/v1/s/${link.token}/thumbnail`,
    );
    expect((await visitor.get(`/api/v1/s/${link.token}/thumbnail`)).status).toBe(200);
  });

  it('keeps a locked, revoked or expired link closed to its thumbnail', async () => {
    const fileId = await uploadPhoto(3);
    await drainJobs();
    const locked = await createLink(fileId, { password: 'correct horse' });
    const guest = t.client();
    const refused = await guest.get(`/api/v1/s/${locked.token}/thumbnail`);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: LINK_MESSAGES.linkPasswordRequired, code: 'UNAUTHENTICATED' });
    expect((await guest.post(`/api/v1/s/${locked.token}/unlock`, { password: 'correct horse' })).status).toBe(
      200,
    );
    expect((await guest.get(`/api/v1/s/${locked.token}/thumbnail?size=1024`)).status).toBe(200);
    // The unlock opened that link only.
    expect((await t.client().get(`/api/v1/s/${locked.token}/thumbnail`)).status).toBe(401);

    expect((await owner.delete(`/api/v1/links/${locked._id}`)).status).toBe(200);
    const revoked = await guest.get(`/api/v1/s/${locked.token}/thumbnail`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe(LINK_MESSAGES.linkUnavailable);

    const expiring = await createLink(fileId, { expiresAt: new Date(t.clock.now() + HOUR).toISOString() });
    expect((await guest.get(`/api/v1/s/${expiring.token}/thumbnail`)).status).toBe(200);
    t.clock.advance(2 * HOUR);
    try {
      expect((await guest.get(`/api/v1/s/${expiring.token}/thumbnail`)).status).toBe(404);
    } finally {
      t.clock.advance(-2 * HOUR);
    }
    expect((await guest.get(`/api/v1/s/${'A'.repeat(43)}/thumbnail`)).status).toBe(404);
  });
});
