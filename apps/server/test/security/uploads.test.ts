import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { REFUSED_BODY_DRAIN } from '../../src/http/refused-body';
import { DIALECTS } from '../helpers/dialects';
import { delayNextFileOpen, slowFileWrites } from '../helpers/disk-faults';
import { png, text } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import {
  cookieOf,
  eventually,
  filesUnder,
  multipartBody,
  startTestApp,
  type TestApp,
} from '../helpers/test-app';

const LIMIT = 256 * 1024;
/** The form framing allowance (64 KiB), socket reads in flight when the cap trips, headers and chunk framing. */
const SLACK = 192 * 1024;

/** Bytes the server process read from each socket, taken when its answer was sent. */
const bytesReadAtAnswer: number[] = [];
const answeredSockets: import('node:net').Socket[] = [];

/** Sends a raw request and resolves with the status once the server answers (or the socket closes). */
function rawUpload(
  app: TestApp,
  cookie: string,
  opts: { headers?: Record<string, string | number>; write: (req: http.ClientRequest) => void },
): Promise<{ status: number | 'closed'; body: string }> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port: app.port,
      method: 'POST',
      path: '/api/v1/files/upload',
      headers: { cookie, ...opts.headers },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', () => resolve({ status: 'closed', body: '' }));
    opts.write(req);
  });
}

describe.each(DIALECTS)('upload limits and multipart abuse (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  const fileRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tempFiles = () => filesUnder(t.config.tmpDir);

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { MAX_UPLOAD_BYTES: String(LIMIT) },
      beforeListen: (app) =>
        app.addHook('onResponse', async (request) => {
          if (request.url === '/api/v1/files/upload') {
            bytesReadAtAnswer.push(request.raw.socket.bytesRead);
            answeredSockets.push(request.raw.socket);
          }
        }),
    });
    await t.client().signUp();
    owner = t.client();
    await owner.signUp();
  });
  afterAll(() => t.close());

  it('accepts exactly the limit and refuses limit + 1 with 413', async () => {
    expect((await owner.upload({ bytes: Buffer.alloc(LIMIT, 'a'), type: 'text/plain' })).status).toBe(201);
    const over = await owner.upload({ bytes: Buffer.alloc(LIMIT + 1, 'a'), type: 'text/plain' });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a fast disk', false],
    ['a slow disk (the form parser buffers)', true],
  ])(
    'cuts a chunked upload with no Content-Length off after reading at most limit + 1 file bytes, with %s',
    async (_label, slowDisk) => {
      if (slowDisk) slowFileWrites(30);
      bytesReadAtAnswer.length = 0;
      answeredSockets.length = 0;
      const boundary = 'cut-off-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      );
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const rows = await fileRows();
      // The client offers 40 times the limit and never says how much: the server must stop on its own.
      const answer = await rawUpload(t, cookieOf(owner), {
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
        write: (req) => {
          let sent = 0;
          const pump = () => {
            while (sent < LIMIT * 40) {
              sent += chunk.length;
              if (!req.write(sent === chunk.length ? Buffer.concat([head, chunk]) : chunk))
                return void req.once('drain', pump);
            }
            req.end(`\r\n--${boundary}--\r\n`);
          };
          req.on('error', () => {});
          pump();
        },
      });
      expect(answer.status).toBe(413);
      // Beyond the file limit: the form's framing allowance, one socket read, headers and chunk framing.
      expect(bytesReadAtAnswer[0]).toBeLessThanOrEqual(LIMIT + 1 + SLACK);
      // After answering, at most a bounded drain more is read (so the client can read the answer), then the
      // connection is closed: the client's endless body is never read whole.
      const socket = answeredSockets[0]!;
      expect(await eventually(() => socket.destroyed, 10_000)).toBe(true);
      // (plus one socket read in flight when reading stops)
      expect(socket.bytesRead).toBeLessThanOrEqual(LIMIT + 1 + SLACK + REFUSED_BODY_DRAIN.bytes + 64 * 1024);
      expect(await fileRows()).toBe(rows);
      expect(await eventually(() => tempFiles().length === 0)).toBe(true);
      vi.restoreAllMocks();
    },
  );

  it('refuses a Content-Length that already claims too much before reading the body', async () => {
    bytesReadAtAnswer.length = 0;
    const answer = await rawUpload(t, cookieOf(owner), {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': LIMIT * 100 },
      write: (req) => {
        req.on('error', () => {});
        req.write(Buffer.alloc(1024, 'y'));
      },
    });
    expect(answer.status).toBe(413);
    expect(bytesReadAtAnswer[0]).toBeLessThan(64 * 1024);
  });

  it.each([
    ['a declared length over the limit', LIMIT * 100, 413, 'PAYLOAD_TOO_LARGE'],
    ['a second file', LIMIT, 400, 'VALIDATION_FAILED'],
  ])('lets a client that keeps sending read the refusal of %s', async (_label, length, status, code) => {
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\na\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\n`;
    const chunk = Buffer.alloc(64 * 1024, 'z');
    const answer = await rawUpload(t, cookieOf(owner), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      write: (req) => {
        req.on('error', () => {});
        let sent = 0;
        const pump = () => {
          // The client does not wait for an answer: it goes on sending its body until the socket stops it.
          while (!req.destroyed && sent < length - chunk.length) {
            const first = sent === 0 ? Buffer.from(form) : chunk;
            sent += first.length;
            if (!req.write(first)) return void req.once('drain', pump);
          }
        };
        pump();
      },
    });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ code });
  });

  it('keeps the connection usable after refusing a second file: the next request on it is answered', async () => {
    // A client such as fetch reuses the connection for its next request; if the refused body were left unread
    // the next request would wait behind it until the server gave up and reset the connection.
    const form = multipartBody(boundary, [
      { name: 'file', filename: 'a.txt', bytes: text('a') },
      { name: 'file', filename: 'b.txt', bytes: Buffer.alloc(200 * 1024, 'b') },
    ]);
    const socket = net.connect(t.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write(
      `POST /api/v1/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookieOf(owner)}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${form.length}\r\n\r\n`,
    );
    socket.write(form);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const answered = await eventually(() => (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= 2, 5000);
    socket.destroy();
    expect(answered).toBe(true);
    expect(received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 400', 'HTTP/1.1 200']);
  });

  it('leaves no row and, soon after, no temporary file when the client aborts mid-upload', async () => {
    const rows = await fileRows();
    const boundary = 'abort-boundary';
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: t.port,
        method: 'POST',
        path: '/api/v1/files/upload',
        headers: {
          cookie: cookieOf(owner),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': LIMIT,
        },
      });
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      );
      req.write(Buffer.alloc(LIMIT / 2, 'h'));
      // Wait until the server has started the temporary file, then vanish.
      void eventually(() => tempFiles().length > 0, 5000).then((started) => {
        expect(started).toBe(true);
        req.destroy();
        resolve();
      });
    });
    expect(await eventually(() => tempFiles().length === 0, 3000)).toBe(true);
    expect(await fileRows()).toBe(rows);
    expect((await owner.get('/api/v1/health')).status).toBe(200);
  });

  const boundary = 'abuse-boundary';
  const abusive: [string, () => Buffer][] = [
    [
      'two files',
      () =>
        multipartBody(boundary, [
          { name: 'file', filename: 'a.txt', bytes: text('a') },
          { name: 'file', filename: 'b.txt', bytes: text('b') },
        ]),
    ],
    [
      'a file under another field name',
      () => multipartBody(boundary, [{ name: 'upload', filename: 'a.txt', bytes: text('a') }]),
    ],
    [
      'five thousand fields',
      () =>
        multipartBody(boundary, [
          ...Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
          { name: 'file', filename: 'a.txt', bytes: text('a') },
        ]),
    ],
    [
      'a 1 MB field value',
      () =>
        multipartBody(boundary, [
          { name: 'filename', value: 'n'.repeat(1024 * 1024) },
          { name: 'file', filename: 'a.txt', bytes: text('a') },
        ]),
    ],
    [
      'a thousand empty parts',
      () => Buffer.from(`--${boundary}\r\n\r\n\r\n`.repeat(1000) + `--${boundary}--\r\n`),
    ],
    [
      'a part with 500 headers',
      () =>
        Buffer.from(
          `--${boundary}\r\n${'X-H: 1\r\n'.repeat(500)}Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--${boundary}--\r\n`,
        ),
    ],
    [
      'no closing boundary',
      () =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`,
        ),
    ],
    ['garbage instead of parts', () => crypto.randomBytes(4096)],
    ['a file only as a text field', () => multipartBody(boundary, [{ name: 'file', value: 'not a file' }])],
  ];

  it.each(abusive)('answers %s with a 4xx, storing nothing', async (_label, body) => {
    const rows = await fileRows();
    const answer = await owner.request('POST', '/api/v1/files/upload', {
      body: body(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await fileRows()).toBe(rows);
    expect(await eventually(() => tempFiles().length === 0)).toBe(true);
  });

  it('leaves no temporary file when the form fails before its file could even be opened', async () => {
    delayNextFileOpen(300);
    const answer = await owner.request('POST', '/api/v1/files/upload', {
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    // Past the held-back open: had the removal run before it, the file would appear now and stay.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tempFiles()).toEqual([]);
  });

  it('leaves no temporary file once an upload is answered: new bytes, a duplicate, or refused', async () => {
    const bytes = text(`temp owner ${crypto.randomUUID()}`);
    // New bytes (the store renames the file into place), then the same bytes again (the store keeps what it
    // has and the upload's own cleanup removes the temporary file), then an empty file, refused before any
    // store work.
    for (const [body, status] of [
      [bytes, 201],
      [bytes, 201],
      [Buffer.alloc(0), 400],
    ] as const) {
      const answer = await owner.upload({ bytes: body, type: 'text/plain', name: 'a.txt' });
      expect(answer.status).toBe(status);
      expect(tempFiles()).toEqual([]);
    }
  });

  it('ignores upload fields the client does not own (owner, size, hash, counts, role)', async () => {
    const other = t.client();
    const victim = await other.signUp();
    const bytes = png(77);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      owner_id: victim._id,
      uploadedBy: victim._id,
      size: '1',
      downloadCount: '999',
    }))
      form.append(k, v);
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'x.png');
    const answer = await owner.request('POST', '/api/v1/files/upload', { body: form });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      size: bytes.length,
      downloadCount: 0,
      uploadedBy: { _id: owner.user!._id },
    });
    expect((await other.get('/api/v1/files/stats')).body.data.totalFiles).toBe(0);
  });

  it('keeps names out of storage: blobs live under their hash whatever the name says', async () => {
    const evil = '../../../../escape-attempt.txt';
    const answer = await owner.upload({
      bytes: text(`unique ${crypto.randomUUID()}`),
      type: 'text/plain',
      name: evil,
      filename: evil,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.filename).not.toMatch(/[/\\]/);
    const everything = filesUnder(path.dirname(t.dataDir));
    expect(everything.filter((f) => f.includes('escape-attempt'))).toEqual([]);
    for (const f of filesUnder(path.join(t.dataDir, 'blobs')))
      expect(path.basename(f)).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.existsSync(path.join(t.dataDir, '..', 'escape-attempt.txt'))).toBe(false);
  });

  it('says why a refused upload was refused, in the contract words', async () => {
    const answer = await owner.request('POST', '/api/v1/files/upload', {
      body: abusive[0]![1](),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.body.message).toBe(MESSAGES.oneFileOnly);
  });
});
