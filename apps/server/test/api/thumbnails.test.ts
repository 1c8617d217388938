import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { DIALECTS } from '../helpers/dialects';
import { ffmpegVideo, pdf, sha256, text } from '../helpers/fixtures';
import { FILE_THUMBNAIL_JOB } from '../../src/services/thumbnails/storage';
import { startTestApp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/** A JPEG photo with a GPS position and a camera model in its EXIF, like one straight off a phone. */
function photoWithGps(seed: number, width = 120, height = 80) {
  const [r, g, b] = crypto.createHash('sha256').update(`photo-${seed}`).digest();
  return sharp({ create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CloudStashCam', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

/** A PNG whose header declares 100 000 x 100 000 pixels (10 gigapixels) in a file of a few dozen bytes. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real two-second 320x240 H.264 video, made by the ffmpeg the thumbnails use. */

const STORES = ['fs', 's3'] as const;
const cases = DIALECTS.flatMap((dialect) => STORES.map((store) => [dialect, store] as const));

describe.each(cases)('thumbnails (%s, %s store)', (dialect, storeKind) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    let env: Record<string, string> = { THUMBNAIL_WORKERS: '1' };
    if (storeKind === 's3') {
      s3 = await startTestS3();
      env = { ...env, ...s3.env(await s3.createBucket()) };
    }
    t = await startTestApp(dialect, { env });
    alice = t.client();
    await alice.signUp({ name: 'Alice' });
    bob = t.client();
    await bob.signUp({ name: 'Bob' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const derivedOf = async (hash: string) => {
    const names: string[] = [];
    for await (const item of t.store.listDerived()) if (item.name.startsWith(hash)) names.push(item.name);
    return names.sort();
  };
  const fileOf = async (client: TestClient, id: string) =>
    (await client.get(`/api/v1/files/f/${id}`)).body.data;
  const thumbnailOf = async (client: TestClient, id: string) =>
    until('a thumbnail', async () => ((await fileOf(client, id)).thumbnailUrl as string | null) ?? undefined);
  /** Every new file has a thumbnail job of its own, even when its content has thumbnails already. */
  const jobOf = (fileId: string) => t.services.jobs.find(FILE_THUMBNAIL_JOB, fileId);

  it('makes one thumbnail for a photo two users uploaded, keeps it for the last holder, and removes it with the last', async () => {
    const photo = await photoWithGps(1);
    const hash = sha256(photo);
    const a = await alice.upload({ bytes: photo, name: 'a.jpg', type: 'image/jpeg' });
    const b = await bob.upload({ bytes: photo, name: 'b.jpg', type: 'image/jpeg' });
    expect([a.status, b.status]).toEqual([201, 201]);
    const aId = a.body.data._id;
    const bId = b.body.data._id;

    const url = await thumbnailOf(alice, aId);
    expect(url).toBe(`/api/v1/files/f/${aId}/thumbnail`);
    expect(await thumbnailOf(bob, bId)).toBe(`/api/v1/files/f/${bId}/thumbnail`);
    // Both lists carry it too.
    const mine = (await alice.get('/api/v1/files/user-files')).body.data;
    expect(mine.find((f: { _id: string }) => f._id === aId).thumbnailUrl).toBe(url);

    expect(await derivedOf(hash)).toEqual([`${hash}-1024.webp`, `${hash}-256.webp`]);
    const rows = await t.db.selectFrom('thumbnails').selectAll().where('blob_hash', '=', hash).execute();
    expect(rows.map((r) => r.size).sort((x, y) => x - y)).toEqual([256, 1024]);
    expect((await jobOf(aId))?.state).toBe('done');
    expect((await jobOf(bId))?.state).toBe('done');
    const small = await alice.get(url);
    const large = await bob.get(`/api/v1/files/f/${bId}/thumbnail?size=1024`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 });
    expect(await sharp(large.bytes).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 });
    const stats = (await t.services.stats.storage()).thumbnailBytes;
    expect(stats).toBe(rows.reduce((sum, r) => sum + r.bytes, 0));

    expect((await alice.delete(`/api/v1/files/delete/${aId}`)).status).toBe(200);
    expect(await jobOf(aId)).toBeUndefined();
    expect((await bob.get(`/api/v1/files/f/${bId}/thumbnail`)).status).toBe(200);
    expect(await derivedOf(hash)).toHaveLength(2);

    expect((await bob.delete(`/api/v1/files/delete/${bId}`)).status).toBe(200);
    // The last holder's bytes, and so their thumbnails, go just after the answer (services/reclaim-queue.ts).
    await t.services.reclaims.drain();
    expect(await derivedOf(hash)).toEqual([]);
    expect(await t.db.selectFrom('thumbnails').selectAll().where('blob_hash', '=', hash).execute()).toEqual(
      [],
    );
    expect((await t.services.stats.storage()).thumbnailBytes).toBe(0);
    // The content is forgotten entirely: uploaded again, it gets its thumbnails again.
    expect(await jobOf(bId)).toBeUndefined();
    const again = await alice.upload({ bytes: photo, name: 'again.jpg', type: 'image/jpeg' });
    expect(await thumbnailOf(alice, again.body.data._id)).toBeTruthy();
    expect(await derivedOf(hash)).toHaveLength(2);
  });

  it('strips EXIF (GPS included) from the thumbnail', async () => {
    const photo = await photoWithGps(2);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = await alice.upload({ bytes: photo, name: 'gps.jpg', type: 'image/jpeg', isPublic: true });
    const url = await thumbnailOf(alice, up.body.data._id);
    for (const size of ['256', '1024']) {
      const thumb = await bob.get(`${url}?size=${size}`);
      expect(thumb.status).toBe(200);
      const meta = await sharp(thumb.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(thumb.bytes.includes(Buffer.from('CloudStashCam'))).toBe(false);
    }
  });

  it('applies EXIF orientation: a 2x1 image marked "rotate 90" gives a 1x2 thumbnail', async () => {
    const wide = await sharp({ create: { width: 2, height: 1, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const up = await alice.upload({ bytes: wide, name: 'turned.jpg', type: 'image/jpeg' });
    const url = await thumbnailOf(alice, up.body.data._id);
    const meta = await sharp((await alice.get(url)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1, 2]);
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a decompression bomb from its header and records it as failed', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200);
    const up = await alice.upload({ bytes: bomb, name: 'bomb.png', type: 'image/png' });
    expect(up.status).toBe(201);
    const job = await until('the bomb job to fail', async () => {
      const row = await jobOf(up.body.data._id);
      return row?.state === 'failed' && row;
    });
    expect(job.last_error).toMatch(/pixel limit/i);
    expect(job.attempts).toBe(1);
    expect((await fileOf(alice, up.body.data._id)).thumbnailUrl).toBeNull();
    expect((await alice.get(`/api/v1/files/f/${up.body.data._id}/thumbnail`)).status).toBe(404);
    // The server is fine and still makes thumbnails.
    const next = await alice.upload({ bytes: await photoWithGps(3), name: 'after.jpg', type: 'image/jpeg' });
    expect(await thumbnailOf(alice, next.body.data._id)).toBeTruthy();
  });

  it('records a corrupt image as failed without retrying it, and tries each new copy once too', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(3000)]);
    const up = await alice.upload({ bytes: corrupt, name: 'broken.jpg', type: 'image/jpeg' });
    expect(up.status).toBe(201);
    const failed = await until('the corrupt job to fail', async () => {
      const row = await jobOf(up.body.data._id);
      return row?.state === 'failed' && row;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/^image: /);

    // Another copy is tried like new bytes would be: skipping it would tell bob that someone holds them.
    const copy = await bob.upload({ bytes: corrupt, name: 'again.jpg', type: 'image/jpeg' });
    expect(copy.status).toBe(201);
    expect(
      await until("the copy's job to fail", async () => {
        const row = await jobOf(copy.body.data._id);
        return row?.state === 'failed' && row;
      }),
    ).toMatchObject({ attempts: 1, last_error: failed.last_error });
    // A photo uploaded after it is made, so the worker has run since; the first was not tried again.
    const later = await bob.upload({ bytes: await photoWithGps(4), name: 'later.jpg', type: 'image/jpeg' });
    expect(await thumbnailOf(bob, later.body.data._id)).toBeTruthy();
    expect(await jobOf(up.body.data._id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      updated_at: failed.updated_at,
    });
    expect((await fileOf(bob, copy.body.data._id)).thumbnailUrl).toBeNull();
  });

  it('serves the thumbnail with the content access rules, long-lived private caching and 304', async () => {
    const secret = await alice.upload({ bytes: await photoWithGps(5), name: 'mine.jpg', type: 'image/jpeg' });
    const shown = await alice.upload({
      bytes: await photoWithGps(6),
      name: 'ours.jpg',
      type: 'image/jpeg',
      isPublic: true,
    });
    const secretUrl = await thumbnailOf(alice, secret.body.data._id);
    const shownUrl = await thumbnailOf(alice, shown.body.data._id);

    const own = await alice.get(secretUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(own.headers.get('content-length'))).toBe(own.bytes.length);
    const etag = own.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // The ETag identifies content and size without handing out the content hash.
    expect(etag).not.toContain(sha256(await photoWithGps(5)).slice(0, 16));
    const large = await alice.get(`${secretUrl}?size=1024`);
    expect(large.headers.get('etag')).not.toBe(etag);

    const cached = await alice.get(secretUrl, { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    expect((await alice.get(secretUrl, { 'if-none-match': '"something-else"' })).status).toBe(200);

    // Someone else's private file does not exist for you; a public one does.
    const hidden = await bob.get(secretUrl);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(MESSAGES.fileNotFound);
    expect((await bob.get(`${secretUrl}?size=1024`)).status).toBe(404);
    expect((await bob.get(shownUrl)).status).toBe(200);
    expect((await t.client().get(shownUrl)).status).toBe(401);

    expect((await alice.get(`${secretUrl}?size=512`)).status).toBe(400);
    const note = await alice.upload({ bytes: text(`note ${crypto.randomUUID()}`), type: 'text/plain' });
    expect((await fileOf(alice, note.body.data._id)).thumbnailUrl).toBeNull();
    const none = await alice.get(`/api/v1/files/f/${note.body.data._id}/thumbnail`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(MESSAGES.thumbnailNotFound);
  });

  it('makes a video poster with its duration, and the first page of a PDF', async () => {
    const video = ffmpegVideo(t.dataDir, { seconds: 2, size: '320x240' });
    const clip = await alice.upload({ bytes: video, name: 'clip.mp4', type: 'video/mp4' });
    const doc = await alice.upload({ bytes: pdf('first page'), name: 'doc.pdf', type: 'application/pdf' });
    const poster = await alice.get(`${await thumbnailOf(alice, clip.body.data._id)}?size=1024`);
    // Never enlarged: the poster keeps the video's own 320x240.
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const small = await alice.get(`/api/v1/files/f/${clip.body.data._id}/thumbnail?size=256`);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 256, height: 192 });
    const row = await t.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('blob_hash', '=', sha256(video))
      .where('size', '=', 256)
      .executeTakeFirstOrThrow();
    expect(row.duration_ms).toBe(2000);

    const page = await alice.get(`${await thumbnailOf(alice, doc.body.data._id)}?size=1024`);
    // The fixture's page is 200 x 100 points.
    expect(await sharp(page.bytes).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 512 });
  });

  it('fsck reports a thumbnail whose blob is gone, and gc removes it', async () => {
    const stray = crypto.randomBytes(32).toString('hex');
    await t.store.putDerived(`${stray}-256.webp`, Buffer.from('left behind'));
    // Within the grace period it may be a running job's, which removes it itself.
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
    const fsck = await t.services.maintenance.fsck({ graceMs: 0 });
    expect(fsck.problems).toEqual([
      { blob: stray, problem: 'thumbnail without blob', detail: `${stray}-256.webp` },
    ]);
    const gc = await t.services.maintenance.gc({ graceMs: 0 });
    expect(gc.orphanThumbnails).toBe(1);
    expect(await derivedOf(stray)).toEqual([]);
    expect((await t.services.maintenance.fsck({ graceMs: 0 })).problems).toEqual([]);
  });
});
