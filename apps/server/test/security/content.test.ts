import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILENAME_MAX_LENGTH, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { mp4, pdf, png, sha256, text } from '../helpers/fixtures';
import type { Answer, TestClient } from '../helpers/test-client';
import { filesUnder, signedUp, startTestApp, type TestApp } from '../helpers/test-app';

const UNSAFE_IN_NAME = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069/\\]/u;

/** The name a Content-Disposition header gives, from its RFC 8187 filename* parameter. */
function dispositionName(header: string): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header);
  expect(match, header).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

function expectSafeDisposition(header: string | null, kind: 'inline' | 'attachment') {
  expect(header).not.toBeNull();
  expect(header!.startsWith(`${kind}; `)).toBe(true);
  // One line of printable ASCII: no header splitting, no raw UTF-8 for old parsers to misread.
  expect(header).toMatch(/^[\x20-\x7E]+$/);
  const fallback = /filename="([^"]*)"/.exec(header!);
  expect(fallback).not.toBeNull();
  expect(fallback![1]).not.toMatch(/[\\"]/);
}

describe.each(DIALECTS)('file access, names and serving (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;
  let privateId: string;
  let privateBytes: Buffer;
  const errors: unknown[][] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      beforeListen: (app) =>
        app.addHook('onRequest', async (request) => {
          const original = request.log.error.bind(request.log);
          request.log.error = ((...args: unknown[]) => {
            errors.push(args);
            return (original as (...a: unknown[]) => void)(...args);
          }) as typeof request.log.error;
        }),
    });
    admin = await signedUp(t, { name: 'Admin' });
    owner = await signedUp(t, { name: 'Owner' });
    other = await signedUp(t, { name: 'Other' });
    privateBytes = mp4(901, 20_000);
    privateId = (await owner.upload({ bytes: privateBytes, filename: 'secret clip', isPublic: false })).body
      .data._id;
  });
  afterAll(() => t.close());

  describe('one access check for every route that takes a file id', () => {
    /** Every route the API documents under /files with an {id}: a new route is covered the day it lands. */
    const fileIdRoutes = () => {
      const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      return (
        Object.entries(spec.paths)
          // A zip link's id names a stored selection, not a file: it is refused like any link with a bad signature.
          .filter(
            ([p]) =>
              p.startsWith('/api/v1/files/') && p.includes('{id}') && !p.startsWith('/api/v1/files/zip/'),
          )
          .flatMap(([p, ops]) => Object.keys(ops).map((method) => [method.toUpperCase(), p] as const))
      );
    };

    it('finds the file routes in the API description', () => {
      const routes = fileIdRoutes().map(([m, p]) => `${m} ${p}`);
      for (const expected of [
        'GET /api/v1/files/f/{id}',
        'GET /api/v1/files/f/{id}/content',
        'GET /api/v1/files/f/{id}/download',
        'PATCH /api/v1/files/update/{id}',
        'DELETE /api/v1/files/delete/{id}',
      ]) {
        expect(routes).toContain(expected);
      }
    });

    it("answers another user's private file with the very 404 of a file that does not exist, on every one", async () => {
      const missing = crypto.randomUUID();
      for (const [method, route] of fileIdRoutes()) {
        for (const headers of [{}, { range: 'bytes=0-10' }, { range: 'bytes=-5' }] as Record<
          string,
          string
        >[]) {
          const call = (id: string) =>
            other.request(method, route.replace('{id}', id), {
              headers,
              ...(method === 'PATCH' && { json: { filename: 'taken over', isPublic: true } }),
            });
          const hidden = await call(privateId);
          const absent = await call(missing);
          expect(hidden.status, `${method} ${route} ${JSON.stringify(headers)}`).toBe(404);
          expect(hidden.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
          expect(hidden.body).toEqual(absent.body);
          expect(hidden.bytes.includes(privateBytes.subarray(0, 8))).toBe(false);
        }
      }
      // Nothing was changed on the way.
      const mine = await owner.get(`/api/v1/files/f/${privateId}`);
      expect(mine.body.data).toMatchObject({ filename: 'secret clip', isPublic: false, downloadCount: 0 });
    });

    it('re-checks access when a signed download link is used, for the user it was issued to', async () => {
      const id = (await owner.upload({ bytes: png(902), isPublic: true })).body.data._id;
      const link = (await other.get(`/api/v1/files/f/${id}/download`)).body.data.url as string;
      expect((await t.client().get(link)).status).toBe(200);
      // Another file id under the same signature, or a changed user, is refused.
      expect((await t.client().get(link.replace(id, privateId))).status).toBe(403);
      expect((await t.client().get(link.replace(/u=[^&]+/, `u=${owner.user!._id}`))).status).toBe(403);
      await owner.patch(`/api/v1/files/update/${id}`, { filename: 'now private', isPublic: false });
      expect((await t.client().get(link)).status).toBe(404);
    });

    it('sends private content with Cache-Control: private, no-store, ranges and revalidations included', async () => {
      const url = `/api/v1/files/f/${privateId}/content`;
      const whole = await owner.get(url);
      const part = await owner.get(url, { range: 'bytes=0-99' });
      const link = (await owner.get(`/api/v1/files/f/${privateId}/download`)).body.data.url as string;
      const download = await t.client().get(link);
      for (const answer of [whole, part, download])
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const publicId = (await owner.upload({ bytes: png(903), isPublic: true })).body.data._id;
      const shared = await owner.get(`/api/v1/files/f/${publicId}/content`);
      // Public content may be kept by the browser but always revalidated (access is checked each time).
      expect(shared.headers.get('cache-control')).toMatch(/^private, (no-cache|no-store)$/);
    });
  });

  describe('fields a client does not own', () => {
    it('ignores owner, size, hash, counts and ids sent with an update (JSON and form)', async () => {
      const bytes = png(910);
      const created = (await owner.upload({ bytes, filename: 'mine' })).body.data;
      const hostile = {
        filename: 'renamed',
        _id: crypto.randomUUID(),
        owner_id: other.user!._id,
        uploadedBy: { _id: other.user!._id },
        size: 1,
        blob_hash: sha256(Buffer.from('x')),
        mimetype: 'text/html',
        downloadCount: 1e6,
        role: 'admin',
        createdAt: '2000-01-01T00:00:00.000Z',
      };
      const json = await owner.patch(`/api/v1/files/update/${created._id}`, hostile);
      expect(json.status).toBe(200);
      expect(json.body.data).toMatchObject({
        _id: created._id,
        filename: 'renamed',
        size: bytes.length,
        mimetype: 'image/png',
        downloadCount: 0,
        createdAt: created.createdAt,
      });
      expect(json.body.data.uploadedBy._id).toBe(owner.user!._id);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        filename: 'form renamed',
        owner_id: other.user!._id,
        size: '2',
        downloadCount: '5',
      }))
        form.append(k, v);
      const viaForm = await owner.request('PATCH', `/api/v1/files/update/${created._id}`, { body: form });
      expect(viaForm.body.data).toMatchObject({
        filename: 'form renamed',
        size: bytes.length,
        downloadCount: 0,
      });
      expect((await owner.get(created.url)).bytes.equals(bytes)).toBe(true);
      expect((await owner.get('/api/v1/users/me')).body.data.role).toBe('user');
    });

    it('never answers with a password hash, a token, a storage key or a server path', async () => {
      const bytes = png(911);
      const file = (await owner.upload({ bytes, isPublic: true })).body.data;
      const answers: Answer[] = [];
      for (const url of [
        '/api/v1/users/me',
        '/api/v1/files/user-files',
        '/api/v1/files/public',
        '/api/v1/files/stats',
        '/api/v1/files/public/summary',
        `/api/v1/files/f/${file._id}`,
        `/api/v1/files/f/${file._id}/download`,
      ]) {
        answers.push(await owner.get(url), await other.get(url));
      }
      answers.push(await other.get(file.url), await other.get(file.url, { range: 'bytes=0-3' }));
      for (const url of [
        '/api/v1/admin/users',
        '/api/v1/admin/files',
        `/api/v1/admin/files/${owner.user!._id}`,
        `/api/v1/admin/stats/${owner.user!._id}`,
        '/api/v1/admin/users/summary',
        '/api/v1/admin/files/summary',
      ]) {
        answers.push(await admin.get(url));
      }
      const tokens = await t.db.selectFrom('sessions').select('token_hash').execute();
      const hashes = await t.db.selectFrom('users').select('password_hash').execute();
      for (const answer of answers) {
        expect(answer.status).toBeLessThan(300);
        const headers = JSON.stringify([...answer.headers].filter(([k]) => k !== 'set-cookie'));
        const everything = `${headers}\n${answer.bytes.toString('latin1').includes('{') ? answer.bytes.toString('utf8') : ''}`;
        expect(everything).not.toContain(sha256(bytes));
        expect(everything).not.toMatch(/argon2|password_hash|token_hash|blob_hash/);
        expect(everything).not.toContain(t.dataDir);
        for (const { token_hash } of tokens) expect(everything).not.toContain(token_hash);
        for (const { password_hash } of hashes) expect(everything).not.toContain(password_hash);
      }
    });

    it('has no route that looks a blob up by its hash', async () => {
      const bytes = png(912);
      const hash = sha256(bytes);
      await owner.upload({ bytes, isPublic: true });
      const spec = t.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths).filter((p) => /hash|blob|exists|dedup/i.test(p))).toEqual([]);
      for (const url of [
        `/api/v1/files/f/${hash}`,
        `/api/v1/files/f/${hash}/content`,
        `/api/v1/blobs/${hash}`,
        `/api/v1/files/${hash}`,
        `/api/v1/files/exists/${hash}`,
      ]) {
        for (const c of [other, owner]) {
          const answer = await c.get(url);
          expect(answer.status, url).toBe(404);
        }
        const head = await fetch(new URL(url, t.baseUrl), {
          method: 'HEAD',
          headers: {
            cookie: `cloudstash_session=${[...(other as unknown as { cookies: Map<string, string> }).cookies.values()][0]}`,
          },
        });
        expect(head.status, url).toBe(404);
      }
    });
  });

  describe('names', () => {
    const nasty: [string, string][] = [
      ['path separators and ..', '../../etc/passwd'],
      ['backslashes', '..\\..\\windows\\system32'],
      ['CR/LF (header injection)', 'report\r\nSet-Cookie: pwned=1\r\n\r\n<script>'],
      ['control characters and NUL', 'a\u0000b\u0007c\u001bd\u007f'],
      ['bidirectional overrides', 'invoice\u202Efdp.exe\u2066x\u2069\u200F'],
      ['quotes and semicolons', 'a"; filename="evil.html'],
      ['a very long name', `long-${'Ω'.repeat(1500)}`],
    ];

    it.each(nasty)(
      'makes %s harmless for display and Content-Disposition, on upload and rename',
      async (_label, name) => {
        const bytes = text(`name test ${crypto.randomUUID()}`);
        const upload = await owner.upload({ bytes, type: 'text/plain', filename: name });
        expect(upload.status).toBe(201);
        const renamedTo = `${name} 2`;
        let renamed = await owner.patch(`/api/v1/files/update/${upload.body.data._id}`, {
          filename: renamedTo.slice(0, FILENAME_MAX_LENGTH),
        });
        if (name.includes('\u0000')) {
          // NUL never reaches a JSON handler (PostgreSQL cannot store it): the rename is refused and changes
          // nothing, while the multipart upload above cleaned it from the name.
          expect(renamed.status).toBe(400);
          expect(renamed.body.code).toBe('VALIDATION_FAILED');
          renamed = await owner.get(`/api/v1/files/f/${upload.body.data._id}`);
          expect(renamed.body.data.filename).toBe(upload.body.data.filename);
          renamed = { ...renamed, status: 200 };
        }
        for (const answer of [upload, renamed]) {
          expect(answer.status).toBe(200 + (answer === upload ? 1 : 0));
          const shown = answer.body.data.filename as string;
          expect(shown).not.toMatch(UNSAFE_IN_NAME);
          expect([...shown].length).toBeLessThanOrEqual(FILENAME_MAX_LENGTH);
          expect(shown.length).toBeGreaterThan(0);
        }
        const content = await owner.get(upload.body.data.url);
        expectSafeDisposition(content.headers.get('content-disposition'), 'attachment');
        expect(dispositionName(content.headers.get('content-disposition')!)).toBe(renamed.body.data.filename);
        const link = (await owner.get(`/api/v1/files/f/${upload.body.data._id}/download`)).body.data
          .url as string;
        const download = await t.client().get(link);
        expectSafeDisposition(download.headers.get('content-disposition'), 'attachment');
        expect(dispositionName(download.headers.get('content-disposition')!)).toBe(
          `${renamed.body.data.filename}.txt`,
        );
        expect(download.headers.get('set-cookie')).toBeNull();
      },
    );

    it('takes the original file name, cleaned, when no name is typed', async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([text(`orig ${crypto.randomUUID()}`)], { type: 'text/plain' }),
        '..\u202Egnp.txt',
      );
      const answer = await owner.request('POST', '/api/v1/files/upload', { body: form });
      expect(answer.status).toBe(201);
      expect(answer.body.data.filename).not.toMatch(UNSAFE_IN_NAME);
    });

    it('cuts a very long original name down to the limit, and refuses an oversized typed one with 4xx', async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([text(`long ${crypto.randomUUID()}`)], { type: 'text/plain' }),
        `${'Ж'.repeat(20_000)}.txt`,
      );
      const answer = await owner.request('POST', '/api/v1/files/upload', { body: form });
      expect(answer.status).toBe(201);
      expect([...answer.body.data.filename]).toHaveLength(FILENAME_MAX_LENGTH);
      const typed = await owner.upload({
        bytes: text('x'),
        type: 'text/plain',
        filename: 'n'.repeat(100_000),
      });
      expect(typed.status).toBeGreaterThanOrEqual(400);
      expect(typed.status).toBeLessThan(500);
    });

    it('refuses a rename to nothing but invisible characters with 400', async () => {
      const id = (await owner.upload({ bytes: png(920) })).body.data._id;
      const answer = await owner.patch(`/api/v1/files/update/${id}`, { filename: '\u202E\u0007\r\n' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.editFilenameRequired);
    });
  });

  describe('serving user bytes', () => {
    const cases = [
      ['PNG', () => png(930), 'image/png', 'inline'],
      ['MP4', () => mp4(931), 'video/mp4', 'inline'],
      // No Sec-Fetch-Dest: not the app's viewer, so the browser's own PDF viewer must not get it inline.
      ['PDF', () => pdf('served'), 'application/pdf', 'attachment'],
      ['text', () => text('hello <script>alert(1)</script>'), 'text/plain; charset=utf-8', 'attachment'],
    ] as const;

    it.each(cases)(
      'serves %s with its stored type, nosniff, a locked-down CSP and the right disposition',
      async (_label, bytes, type, disposition) => {
        const file = (await owner.upload({ bytes: bytes(), type: 'application/octet-stream', filename: 'x' }))
          .body.data;
        const answer = await owner.get(file.url);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe(type);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('content-disposition')!.split(';')[0]).toBe(disposition);
        expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        const csp = answer.headers.get('content-security-policy')!;
        expect(csp).toMatch(/default-src 'none'/);
        expect(csp).not.toMatch(/script-src|unsafe-inline[^;]*script|unsafe-eval/);
        expect(csp.split(';')[0]).toBe('sandbox');
        expect(answer.headers.get('etag')).not.toContain(sha256(bytes()));
        // A download link always saves the bytes rather than showing them.
        const link = (await owner.get(`/api/v1/files/f/${file._id}/download`)).body.data.url as string;
        expect((await t.client().get(link)).headers.get('content-disposition')).toMatch(/^attachment;/);
      },
    );

    it('sends a PDF opened or framed by the browser as an attachment, and its bytes inline to a fetch()', async () => {
      const bytes = pdf('viewer only');
      const file = (await owner.upload({ bytes, filename: 'Q4 report' })).body.data;
      for (const dest of ['document', 'iframe', 'frame', 'embed', 'object']) {
        const opened = await owner.get(file.url, { 'sec-fetch-dest': dest });
        expect(opened.status, dest).toBe(200);
        expectSafeDisposition(opened.headers.get('content-disposition'), 'attachment');
        expect(opened.headers.get('content-security-policy')!.split(';')[0], dest).toBe('sandbox');
      }
      // The app's pdf.js viewer reads the bytes with fetch(): Sec-Fetch-Dest is empty.
      const fetched = await owner.get(file.url, { 'sec-fetch-dest': 'empty' });
      expect(fetched.status).toBe(200);
      expectSafeDisposition(fetched.headers.get('content-disposition'), 'inline');
      expect(fetched.headers.get('content-type')).toBe('application/pdf');
      expect(fetched.bytes.equals(bytes)).toBe(true);
      expect(fetched.headers.get('vary')).toMatch(/sec-fetch-dest/i);
      // Images and video are still inline whatever the destination: the app shows them with <img> and <video>.
      const image = (await owner.upload({ bytes: png(935) })).body.data;
      const shown = await owner.get(image.url, { 'sec-fetch-dest': 'document' });
      expectSafeDisposition(shown.headers.get('content-disposition'), 'inline');
    });

    it('answers single ranges with 206, impossible ones with 416, and never multiplies overlapping ones', async () => {
      const bytes = mp4(940, 50_000);
      const url = (await owner.upload({ bytes })).body.data.url as string;
      const ok = [
        ['bytes=0-0', 0, 0],
        ['bytes=100-199', 100, 199],
        ['bytes=49990-', 49_990, 49_999],
        ['bytes=-1', 49_999, 49_999],
        ['bytes=-999999', 0, 49_999],
        ['bytes=49000-99999999999', 49_000, 49_999],
      ] as const;
      for (const [range, start, end] of ok) {
        const answer = await owner.get(url, { range });
        expect(answer.status, range).toBe(206);
        expect(answer.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/50000`);
        expect(Number(answer.headers.get('content-length'))).toBe(end - start + 1);
        expect(answer.bytes.equals(bytes.subarray(start, end + 1)), range).toBe(true);
      }
      for (const range of [
        'bytes=50000-',
        'bytes=50000-50010',
        'bytes=-0',
        'bytes=300-200',
        'bytes=99999999999999999999-',
      ]) {
        const answer = await owner.get(url, { range });
        expect(answer.status, range).toBe(416);
        expect(answer.headers.get('content-range')).toBe('bytes */50000');
      }
      const overlapping = Array.from({ length: 2000 }, () => '0-49999').join(',');
      for (const range of [
        `bytes=${overlapping}`,
        'bytes=0-10,5-20',
        'bytes=0-,0-,0-,-1',
        'items=0-10',
        'bytes=abc',
        'bytes=1-2-3',
      ]) {
        const answer = await owner.get(url, { range });
        expect(answer.status, range.slice(0, 30)).toBeLessThan(500);
        expect(answer.bytes.length, range.slice(0, 30)).toBeLessThanOrEqual(bytes.length);
        expect(answer.headers.get('content-type')).not.toMatch(/multipart\/byteranges/);
      }
    });

    it('cuts a whole read of rotten bytes off, logs it, and fsck reports it', async () => {
      const bytes = text(`${'rot '.repeat(50_000)}${crypto.randomUUID()}`);
      const file = (await owner.upload({ bytes, type: 'text/plain' })).body.data;
      const blob = filesUnder(path.join(t.dataDir, 'blobs')).find((f) => f.endsWith(sha256(bytes)))!;
      const rotten = Buffer.from(bytes);
      rotten[rotten.length - 10] = rotten[rotten.length - 10]! ^ 0x20; // same length, one bit flipped near the end
      fs.writeFileSync(blob, rotten);
      errors.length = 0;
      const read = await owner.get(file.url).then(
        (answer) => ({ complete: answer.bytes.length === bytes.length, bytes: answer.bytes }),
        () => ({ complete: false, bytes: Buffer.alloc(0) }),
      );
      expect(read.complete).toBe(false);
      expect(read.bytes.equals(rotten)).toBe(false);
      expect(errors.some((args) => JSON.stringify(args).includes('do not match their hash'))).toBe(true);
      const fsck = await t.services.maintenance.fsck();
      expect(fsck.problems).toContainEqual(
        expect.objectContaining({ blob: sha256(bytes), problem: 'hash mismatch' }),
      );
      // The server keeps serving everything else.
      expect((await owner.get('/api/v1/health')).status).toBe(200);
      fs.writeFileSync(blob, bytes);
    });

    it('cuts a whole read of truncated bytes off too', async () => {
      const bytes = text(`${'trunc '.repeat(40_000)}${crypto.randomUUID()}`);
      const file = (await owner.upload({ bytes, type: 'text/plain' })).body.data;
      const blob = filesUnder(path.join(t.dataDir, 'blobs')).find((f) => f.endsWith(sha256(bytes)))!;
      fs.writeFileSync(blob, bytes.subarray(0, bytes.length - 1000));
      const read = await owner.get(file.url).then(
        (answer) => answer.bytes.length === bytes.length,
        () => false,
      );
      expect(read).toBe(false);
      fs.writeFileSync(blob, bytes);
    });
  });
});

describe("the app's own pages", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cloudstash-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard/file/123', '/assets/app.js', '/api/docs', '/api/v1/health'])(
    '%s carries a strict CSP, no framing, a referrer policy and nosniff',
    async (url) => {
      const answer = await t.client().get(url);
      expect(answer.status).toBeLessThan(400);
      const csp = answer.headers.get('content-security-policy')!;
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([k, ...v]) => [k!, v]),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(answer.headers.get('referrer-policy')).toMatch(
        /^(same-origin|no-referrer|strict-origin-when-cross-origin)$/,
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
      // Plain http: no HSTS (it would be ignored, and pin nothing); https deployments: see accounts.test.ts.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    },
  );
});
