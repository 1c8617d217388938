import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import sharp from 'sharp';
import {
  MESSAGES,
  fileTooLargeMessage,
  typeMismatchMessage,
  unsupportedTypeMessage,
} from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { mp4, pdf, png, sha256, text, zip } from '../helpers/fixtures';
import { eventually, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const LIMIT = 5 * 1024 * 1024;

/** Uploads `file` as a multipart body sent chunked (no Content-Length); resolves with the answer. */
function chunkedUpload(
  baseUrl: string,
  cookie: string,
  file: Buffer,
): Promise<{ status: number; body: string }> {
  const boundary = 'chunked-boundary';
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/v1/files/upload', baseUrl), {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    // Once answered, the server stops reading: the rest of what we write may fail, which is expected.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    for (let at = 0; at < file.length; at += 64 * 1024) req.write(file.subarray(at, at + 64 * 1024));
    req.end(`\r\n--${boundary}--\r\n`);
  });
}

describe.each(DIALECTS)('files (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp(); // the admin, so owner is a standard user
    owner = t.client();
    await owner.signUp({ name: 'Owner' });
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('stores a file typed by its bytes and answers 201 with the file fields', async () => {
      const bytes = png(1);
      const answer = await owner.upload({
        bytes,
        name: 'holiday.png',
        type: 'image/png',
        filename: 'Holiday',
        isPublic: 'true',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe(MESSAGES.uploadSuccess);
      expect(answer.body.data).toMatchObject({
        filename: 'Holiday',
        mimetype: 'image/png',
        size: bytes.length,
        isPublic: true,
        downloadCount: 0,
        uploadedBy: { name: 'Owner', role: 'user' },
      });
      expect(answer.body.data.url).toBe(`/api/v1/files/f/${answer.body.data._id}/content`);
      expect(JSON.stringify(answer.body)).not.toContain(sha256(bytes));
    });

    it('accepts the fields after the file as well as before it', async () => {
      const answer = await owner.upload({
        bytes: png(2),
        name: 'x.png',
        filename: 'After',
        isPublic: 'false',
        fileFirst: true,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ filename: 'After', isPublic: false });
    });

    it('names a file of only spaces after the chosen file, without extension', async () => {
      const answer = await owner.upload({
        bytes: text('notes\n'),
        name: 'meeting.notes.txt',
        type: 'text/plain',
        filename: '    ',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({
        filename: 'meeting.notes',
        mimetype: 'text/plain',
        isPublic: false,
      });
    });

    it('recognises PDF and MP4 by their bytes even when the client says nothing useful', async () => {
      expect((await owner.upload({ bytes: pdf(), name: 'a' })).body.data.mimetype).toBe('application/pdf');
      expect((await owner.upload({ bytes: mp4(), name: 'b' })).body.data.mimetype).toBe('video/mp4');
    });

    it('accepts exactly the limit and refuses one byte more with 413 and the size message', async () => {
      const exact = Buffer.alloc(LIMIT, 'a');
      const ok = await owner.upload({ bytes: exact, name: 'exact.txt', type: 'text/plain' });
      expect(ok.status).toBe(201);
      expect(ok.body.data.size).toBe(LIMIT);
      const over = await owner.upload({
        bytes: Buffer.alloc(LIMIT + 1, 'b'),
        name: 'over.txt',
        type: 'text/plain',
      });
      expect(over.status).toBe(413);
      expect(over.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(over.body.message).toBe('File size must be less than 5MB. Current file size: 5,242,881 Bytes');
    });

    it("names the file's own size when the file ends soon after the limit", async () => {
      const size = LIMIT + 40 * 1024;
      const answer = await owner.upload({
        bytes: Buffer.alloc(size, 'd'),
        name: 'o.txt',
        type: 'text/plain',
      });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toBe(fileTooLargeMessage(size));
      expect(answer.body.message).toBe('File size must be less than 5MB. Current file size: 5.04 MB');
    });

    it('refuses a much larger file by its declared length before reading it, naming no size', async () => {
      const answer = await owner.upload({
        bytes: Buffer.alloc(6 * 1024 * 1024, 'c'),
        name: 'six.txt',
        type: 'text/plain',
      });
      expect(answer.status).toBe(413);
      // The declared length measures the whole form, not the file, and the file was never read.
      expect(answer.body.message).toBe('File size must be less than 5MB.');
    });

    it('names no size when the body is cut off before the file ends', async () => {
      // Chunked, so no length is declared: the server reads until its cap, then stops mid-file.
      const answer = await chunkedUpload(t.baseUrl, owner.cookieHeader(), Buffer.alloc(8 * 1024 * 1024, 'e'));
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File size must be less than 5MB.',
      });
    });

    it('refuses an empty file with 400', async () => {
      const answer = await owner.upload({ bytes: Buffer.alloc(0), name: 'empty.txt', type: 'text/plain' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: MESSAGES.emptyFile, code: 'EMPTY_FILE' });
    });

    it.each([
      ['an archive', zip(), 'a.zip', 'application/zip', 'application/zip'],
      [
        'HTML named as a PNG',
        text('<!doctype html><script>alert(1)</script>'),
        'cat.png',
        'image/png',
        'text/html',
      ],
      [
        'SVG',
        text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
        'image/svg+xml',
      ],
      ['text claimed to be HTML', text('just words'), 'page.html', 'text/html', 'text/html'],
      [
        'binary junk',
        Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]),
        'x.bin',
        'application/octet-stream',
        'application/octet-stream',
      ],
    ])('refuses %s with 415 and the type message', async (_label, bytes, name, type, reported) => {
      const answer = await owner.upload({ bytes, name, type });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        message: unsupportedTypeMessage(reported),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('refuses bytes that contradict their declared type with 415, and trusts bytes whose type is unknown', async () => {
      const disguised = await owner.upload({ bytes: pdf(), name: 'not-really.png', type: 'image/png' });
      expect(disguised.status).toBe(415);
      expect(disguised.body).toEqual({
        message: typeMismatchMessage('image/png', 'application/pdf'),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      const aliased = await owner.upload({ bytes: png(31), name: 'photo.png', type: 'image/png' });
      expect(aliased.status).toBe(201);
    });

    it('refuses an upload without a file, and two files, with 400', async () => {
      const none = await owner.request('POST', '/api/v1/files/upload', {
        body: (() => {
          const f = new FormData();
          f.append('filename', 'x');
          return f;
        })(),
      });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(MESSAGES.selectFile);
      const form = new FormData();
      form.append('file', new Blob([png(3)]), 'a.png');
      form.append('file', new Blob([png(4)]), 'b.png');
      const two = await owner.request('POST', '/api/v1/files/upload', { body: form });
      expect(two.status).toBeGreaterThanOrEqual(400);
      expect(two.status).toBeLessThan(500);
    });

    it('leaves no row and no bytes behind after a refused upload', async () => {
      const before = await owner.get('/api/v1/files/stats');
      await owner.upload({ bytes: zip(), name: 'a.zip' });
      await owner.upload({ bytes: Buffer.alloc(LIMIT + 1, 'z'), name: 'big.txt', type: 'text/plain' });
      const after = await owner.get('/api/v1/files/stats');
      expect(after.body.data).toEqual(before.body.data);
      const fsck = await t.services.maintenance.fsck();
      expect(fsck.problems).toEqual([]);
      const gc = await t.services.maintenance.gc({ dryRun: true, graceMs: 0 });
      expect(gc.orphanBytes + gc.unreferencedBlobs + gc.tempFiles).toBe(0);
    });

    it('needs a signed-in user', async () => {
      const answer = await t.client().upload({ bytes: png(5) });
      expect(answer.status).toBe(401);
    });
  });

  describe('read, update, delete', () => {
    it('lists the owner files newest first with stats of their own', async () => {
      const c = t.client();
      await c.signUp();
      const a = await c.upload({ bytes: png(10), filename: 'first', isPublic: true });
      const b = await c.upload({ bytes: text('hello'), type: 'text/plain', filename: 'second' });
      const list = await c.get('/api/v1/files/user-files');
      expect(list.status).toBe(200);
      expect(list.body.data.map((f: { filename: string }) => f.filename)).toEqual(['second', 'first']);
      expect(list.body.meta).toEqual({ total: 2, nextCursor: null });
      const stats = await c.get('/api/v1/files/stats');
      expect(stats.body.data).toEqual({
        totalFiles: 2,
        totalStorageUsed: a.body.data.size + b.body.data.size,
        totalPublicFiles: 1,
        totalDownloadCount: 0,
      });
    });

    it('renames and toggles visibility through form data, ignoring fields it does not own', async () => {
      const { body } = await owner.upload({ bytes: png(11), filename: 'before' });
      const form = new FormData();
      form.append('filename', '  after  ');
      form.append('isPublic', 'true');
      form.append('size', '1');
      form.append('downloadCount', '999');
      const updated = await owner.request('PATCH', `/api/v1/files/update/${body.data._id}`, { body: form });
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe(MESSAGES.updateSuccess);
      expect(updated.body.data).toMatchObject({
        filename: 'after',
        isPublic: true,
        size: body.data.size,
        downloadCount: 0,
      });
      const back = await owner.patch(`/api/v1/files/update/${body.data._id}`, {
        filename: 'after',
        isPublic: false,
      });
      expect(back.body.data.isPublic).toBe(false);
    });

    it('refuses an update with a blank name with 400 and the hint', async () => {
      const { body } = await owner.upload({ bytes: png(12) });
      const answer = await owner.patch(`/api/v1/files/update/${body.data._id}`, {
        filename: '   ',
        isPublic: 'true',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.editFilenameRequired);
    });

    it('does not double an extension the name already carries', async () => {
      const { body } = await owner.upload({ bytes: pdf('named with extension'), filename: 'Q3 report.pdf' });
      const link = await owner.get(`/api/v1/files/f/${body.data._id}/download`);
      const saved = await t.client().get(link.body.data.url);
      expect(saved.headers.get('content-disposition')).toBe(
        `attachment; filename="Q3 report.pdf"; filename*=UTF-8''Q3%20report.pdf`,
      );
    });

    it('keeps an alias extension of the file type instead of adding the saved one', async () => {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const { body } = await owner.upload({
        bytes: jpeg,
        name: 'z.jpg',
        type: 'image/jpeg',
        filename: 'Zeta.JPEG',
      });
      expect(body.data.mimetype).toBe('image/jpeg');
      const link = await owner.get(`/api/v1/files/f/${body.data._id}/download`);
      const saved = await t.client().get(link.body.data.url);
      expect(saved.headers.get('content-disposition')).toBe(
        `attachment; filename="Zeta.JPEG"; filename*=UTF-8''Zeta.JPEG`,
      );
    });

    it('counts downloads and hands out a signed link that saves as name.extension', async () => {
      const bytes = pdf('download me');
      const { body } = await owner.upload({ bytes, filename: 'Report' });
      const link = await owner.get(`/api/v1/files/f/${body.data._id}/download`);
      expect(link.status).toBe(200);
      expect(link.body.data.url).toMatch(new RegExp(`^/api/v1/files/f/${body.data._id}/content\\?`));
      const saved = await t.client().get(link.body.data.url);
      expect(saved.status).toBe(200);
      expect(saved.bytes.equals(bytes)).toBe(true);
      expect(saved.headers.get('content-disposition')).toBe(
        `attachment; filename="Report.pdf"; filename*=UTF-8''Report.pdf`,
      );
      // Counted once the bytes have gone out through the link (test/security/download-counts.test.ts).
      const counted = async () =>
        (await owner.get(`/api/v1/files/f/${body.data._id}`)).body.data.downloadCount === 1;
      expect(await eventually(counted, 5000)).toBe(true);
      const tampered = await t.client().get(link.body.data.url.replace(/s=[^&]+/, 's=forged'));
      expect(tampered.status).toBe(403);
      expect(tampered.body.message).toBe(MESSAGES.downloadLinkInvalid);
    });

    it('serves content inline with nosniff, a sandbox, an ETag and byte ranges', async () => {
      const bytes = mp4(7, 10_000);
      const { body } = await owner.upload({ bytes, filename: 'clip' });
      const url = body.data.url;
      const whole = await owner.get(url);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(bytes)).toBe(true);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      expect(whole.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('cache-control')).toBe('private, no-store');
      const etag = whole.headers.get('etag')!;
      expect((await owner.get(url, { 'if-none-match': etag })).status).toBe(304);

      const part = await owner.get(url, { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
      const tail = await owner.get(url, { range: 'bytes=-10' });
      expect(tail.bytes.equals(bytes.subarray(-10))).toBe(true);
      const open = await owner.get(url, { range: 'bytes=9990-' });
      expect(open.headers.get('content-range')).toBe(`bytes 9990-9999/${bytes.length}`);
      const beyond = await owner.get(url, { range: `bytes=${bytes.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      const many = await owner.get(url, { range: 'bytes=0-5000,0-5000,0-5000,0-5000' });
      expect(many.bytes.length).toBeLessThanOrEqual(bytes.length);
    });

    it('serves text as an attachment in UTF-8', async () => {
      const { body } = await owner.upload({
        bytes: text('a note quoting <script>alert(1)</script> ünïcode'),
        type: 'text/plain',
        filename: 'x',
      });
      const answer = await owner.get(body.data.url);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('deletes a file, after which it is gone everywhere', async () => {
      const { body } = await owner.upload({ bytes: png(13) });
      const gone = await owner.delete(`/api/v1/files/delete/${body.data._id}`);
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ message: MESSAGES.deleteSuccess });
      expect((await owner.get(`/api/v1/files/f/${body.data._id}`)).status).toBe(404);
      expect((await owner.get(body.data.url)).status).toBe(404);
      expect((await owner.delete(`/api/v1/files/delete/${body.data._id}`)).status).toBe(404);
    });

    it('answers a file whose bytes went missing with a JSON 500 and keeps serving', async () => {
      const bytes = png(14);
      const { body } = await owner.upload({ bytes });
      await t.store.delete(sha256(bytes));
      const broken = await owner.get(body.data.url);
      expect(broken.status).toBe(500);
      expect(broken.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(broken.headers.get('content-disposition')).toBeNull();
      expect(broken.body).toMatchObject({ code: 'INTERNAL', requestId: broken.headers.get('x-request-id') });
      expect((await owner.get('/api/v1/files/user-files')).status).toBe(200);
      // Put the bytes back so the suite's fsck stays meaningful.
      await owner.delete(`/api/v1/files/delete/${body.data._id}`);
    });

    it('answers 404 with the not-found message for a file that does not exist', async () => {
      const answer = await owner.get('/api/v1/files/f/00000000-0000-0000-0000-000000000000');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
    });
  });
});
