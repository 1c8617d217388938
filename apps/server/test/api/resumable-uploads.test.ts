import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { DIALECTS, type TestDialect } from '../helpers/dialects';
import { mp4, sha256, zip } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const MB = 1024 * 1024;

/** Every suite runs on each database dialect and on both blob stores (pieces on disk, pieces in the bucket). */
type Store = 'fs' | 's3';
const SETUPS = DIALECTS.flatMap((dialect) =>
  (['fs', 's3'] as const).map((store): [TestDialect, Store] => [dialect, store]),
);

/** One s3rver for the file, started by the first suite on S3; each such suite gets its own bucket. */
let s3: Promise<TestS3> | undefined;
afterAll(async () => (await s3)?.close());

interface Setup {
  t: TestApp;
  /** On S3, a store on the same bucket for the test's own look and touch. */
  bucket?: S3BlobStore;
  /** What uploads in flight left behind: files in the uploads folder, or objects and multipart uploads. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function startSetup(dialect: TestDialect, store: Store, env: Record<string, string>): Promise<Setup> {
  if (store === 'fs') {
    const t = await startTestApp(dialect, { env });
    return {
      t,
      leftovers: async () =>
        fs.existsSync(t.config.resumableDir) ? fs.readdirSync(t.config.resumableDir) : [],
      close: () => t.close(),
    };
  }
  s3 ??= startTestS3();
  const server = await s3;
  const bucket = await server.createBucket();
  const t = await startTestApp(dialect, { env: { ...env, ...server.env(bucket) } });
  const inspect = new S3BlobStore(server.storeOptions(bucket));
  return {
    t,
    bucket: inspect,
    leftovers: async () => {
      const found: string[] = [];
      for await (const object of inspect.staging.list()) found.push(object.name);
      for await (const upload of inspect.staging.listMultipart()) found.push(`multipart ${upload.name}`);
      // Uploads on S3 never touch the local disk.
      if (fs.existsSync(t.config.resumableDir)) found.push(...fs.readdirSync(t.config.resumableDir));
      return found;
    },
    close: async () => {
      inspect.destroy();
      await t.close();
    },
  };
}
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** A raw tus request with the client's session. */
function tus(
  client: TestClient,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  const withBody: Record<string, string> = body ? { 'content-type': 'application/offset+octet-stream' } : {};
  return client.request(method, url, {
    headers: { ...TUS, ...withBody, ...headers },
    ...(body && { body: new Uint8Array(body) }),
  });
}

async function create(client: TestClient, length: number, metadata = `filename ${b64('clip.mp4')}`) {
  const answer = await tus(client, 'POST', '/api/v1/uploads', {
    'upload-length': String(length),
    'upload-metadata': metadata,
  });
  return { answer, url: answer.headers.get('location') ?? '' };
}

/**
 * Uploads `bytes` with tus-js-client in 5 MB pieces; resolves with the upload's URL and file id, or (with
 * `stopAfter`) with its URL alone once that many bytes were sent and the client gave up.
 */
function clientUpload(
  t: TestApp,
  client: TestClient,
  bytes: Buffer,
  options: { uploadUrl?: string; stopAfter?: number } = {},
): Promise<{ url: string; fileId: string | null }> {
  return new Promise((resolve, reject) => {
    let fileId: string | null = null;
    const upload: Upload = new Upload(bytes, {
      endpoint: `${t.baseUrl}/api/v1/uploads`,
      uploadUrl: options.uploadUrl,
      chunkSize: 5 * MB,
      metadata: { filename: 'movie.mp4', filetype: 'video/mp4', isPublic: 'false' },
      headers: { cookie: client.cookieHeader() },
      retryDelays: null,
      storeFingerprintForResuming: false,
      onAfterResponse: (_request, response) => {
        fileId = response.getHeader('Upload-File-Id') ?? fileId;
      },
      onChunkComplete: (_size, sent) => {
        if (options.stopAfter === undefined || sent < options.stopAfter) return;
        void upload.abort().then(() => resolve({ url: upload.url!, fileId: null }));
      },
      onSuccess: () => resolve({ url: upload.url!, fileId }),
      onError: reject,
    });
    upload.start();
  });
}

describe.each(SETUPS)('resumable uploads, tus 1.0.0 (%s, %s store)', (dialect, store) => {
  let setup: Setup;
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    setup = await startSetup(dialect, store, { MAX_UPLOAD_BYTES: String(64 * MB) });
    t = setup.t;
    owner = t.client();
    await owner.signUp();
    other = t.client();
    await other.signUp();
  });
  afterAll(() => setup?.close());

  it('lists its version and extensions on OPTIONS, and answers 412 to another version', async () => {
    const options = await t.client().request('OPTIONS', '/api/v1/uploads');
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration');
    expect(options.headers.get('tus-max-size')).toBe(String(64 * MB));
    const old = await owner.request('POST', '/api/v1/uploads', {
      headers: { 'tus-resumable': '0.2.2', 'upload-length': '10' },
    });
    expect(old.status).toBe(412);
    expect(old.headers.get('tus-version')).toBe('1.0.0');
  });

  it('creates, tells the offset, refuses a wrong offset, takes chunks and completes into a file', async () => {
    expect((await create(t.client(), 100)).answer.status).toBe(401);
    const missing = await tus(owner, 'POST', '/api/v1/uploads');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.uploadLengthRequired);
    const tooLarge = await create(owner, 64 * MB + 1);
    expect(tooLarge.answer.status).toBe(413);
    expect(tooLarge.answer.body.message).toBe(
      'File size must be less than 64MB. Current file size: 67,108,865 Bytes',
    );
    expect((await create(owner, 0)).answer.status).toBe(400);

    const bytes = mp4(1, 3 * MB);
    const { answer, url } = await create(owner, bytes.length);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
    expect(url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
    expect(answer.headers.get('upload-expires')).toMatch(/GMT$/);

    const head = await tus(owner, 'HEAD', url);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('cache-control')).toBe('no-store');

    const first = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, bytes.subarray(0, MB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(MB));
    const wrong = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, bytes.subarray(0, MB));
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(MESSAGES.uploadOffsetMismatch);
    const untyped = await owner.request('PATCH', url, {
      headers: { ...TUS, 'upload-offset': String(MB), 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes.subarray(MB, 2 * MB)),
    });
    expect(untyped.status).toBe(415);
    expect((await tus(owner, 'HEAD', url)).headers.get('upload-offset')).toBe(String(MB));

    // Someone else's upload does not exist for them, whatever they try.
    expect((await tus(other, 'HEAD', url)).status).toBe(404);
    expect((await tus(other, 'PATCH', url, { 'upload-offset': String(MB) }, Buffer.alloc(10))).status).toBe(
      404,
    );
    expect((await tus(other, 'DELETE', url)).status).toBe(404);

    const last = await tus(owner, 'PATCH', url, { 'upload-offset': String(MB) }, bytes.subarray(MB));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));
    const fileId = last.headers.get('upload-file-id')!;
    const file = await owner.get(`/api/v1/files/f/${fileId}`);
    expect(file.body.data).toMatchObject({ filename: 'clip.mp4', mimetype: 'video/mp4', size: bytes.length });
    const link = (await owner.get(`/api/v1/files/f/${fileId}/download`)).body.data.url;
    expect(sha256((await owner.get(link)).bytes)).toBe(sha256(bytes));
    // The upload is over: its address is gone, and so are its temporary bytes.
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('creates with the first bytes in the same request, and refuses more bytes than declared', async () => {
    const bytes = mp4(2, 200 * 1024);
    const answer = await tus(
      owner,
      'POST',
      '/api/v1/uploads',
      {
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('a.mp4')},isPublic ${b64('true')}`,
      },
      bytes,
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('upload-offset')).toBe(String(bytes.length));
    const file = await owner.get(`/api/v1/files/f/${answer.headers.get('upload-file-id')}`);
    expect(file.body.data).toMatchObject({ isPublic: true, size: bytes.length });

    const { url } = await create(owner, 10);
    const overrun = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, mp4(3, 64 * 1024));
    expect(overrun.status).toBe(400);
    expect(overrun.body.message).toBe(MESSAGES.uploadOverrun);
    expect((await tus(owner, 'DELETE', url)).status).toBe(204);
  });

  it('refuses a disallowed type with 415 as soon as the head arrives, and drops the upload', async () => {
    const { url } = await create(owner, 10 * MB, `filename ${b64('archive.zip')}`);
    const head = Buffer.concat([zip(), Buffer.alloc(8192, 1)]);
    const refused = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, head);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toContain('is not supported');
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('types a head that arrives over several requests, and refuses it with 415 once it is whole', async () => {
    const { url } = await create(owner, 10 * MB, `filename ${b64('archive.zip')}`);
    const head = Buffer.concat([zip(), Buffer.alloc(8192, 1)]);
    const first = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, head.subarray(0, 1000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('1000');
    const second = await tus(owner, 'PATCH', url, { 'upload-offset': '1000' }, head.subarray(1000));
    expect(second.status).toBe(415);
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('cancels: DELETE removes the upload and its bytes', async () => {
    const { url } = await create(owner, 2 * MB);
    await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, mp4(4, MB));
    const id = path.basename(url);
    // On disk one file; on S3 the multipart upload and the tail object holding the megabyte.
    expect((await setup.leftovers()).sort()).toEqual(
      store === 'fs' ? [id] : [`multipart uploads/${id}`, `uploads/${id}.tail-1`],
    );
    expect((await tus(owner, 'DELETE', url)).status).toBe(204);
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('stores the same bytes sent resumably by two accounts once (tus-js-client)', async () => {
    const bytes = mp4(5, 12 * MB);
    const mine = await clientUpload(t, owner, bytes);
    const theirs = await clientUpload(t, other, bytes);
    expect(mine.fileId).toBeTruthy();
    expect(theirs.fileId).toBeTruthy();
    expect(mine.fileId).not.toBe(theirs.fileId);
    const blob = await t.db
      .selectFrom('blobs')
      .selectAll()
      .where('hash', '=', sha256(bytes))
      .executeTakeFirst();
    expect(blob).toMatchObject({ ref_count: 2, size: bytes.length });
    expect(await setup.leftovers()).toEqual([]);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });

  it('expires an abandoned upload; gc removes its bytes; fsck reports uploads in flight apart', async () => {
    const { url } = await create(owner, 2 * MB);
    await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, mp4(6, MB));
    const fsck = await t.services.maintenance.fsck();
    expect(fsck).toMatchObject({ problems: [], uploadsInFlight: 1 });

    const id = path.basename(url);
    await t.db
      .updateTable('resumable_uploads')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    const report = await t.services.maintenance.gc();
    expect(report.abandonedUploads).toBe(1);
    expect(report.bytesFreed).toBeGreaterThanOrEqual(MB);
    expect(await setup.leftovers()).toEqual([]);
    expect((await t.services.maintenance.fsck()).uploadsInFlight).toBe(0);
  });

  it('tells the expiry after each PATCH, extends it only for bytes, and never past the upload lifetime', async () => {
    const bytes = mp4(11, 3 * MB);
    const { url } = await create(owner, bytes.length);
    const id = path.basename(url);
    const row = () =>
      t.db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const setRow = (values: { created_at?: string; expires_at?: string }) =>
      t.db.updateTable('resumable_uploads').set(values).where('id', '=', id).execute();
    const soon = () => new Date(t.clock.now() + 60_000).toISOString();
    const HOUR = 3_600_000;

    // Bytes push the expiry out, and the answer says where it now is, not where it was.
    await setRow({ expires_at: soon() });
    const first = await tus(owner, 'PATCH', url, { 'upload-offset': '0' }, bytes.subarray(0, MB));
    expect(first.status).toBe(204);
    const extended = (await row()).expires_at;
    expect(Date.parse(extended)).toBeGreaterThan(t.clock.now() + 23 * HOUR);
    expect(first.headers.get('upload-expires')).toBe(new Date(extended).toUTCString());

    // A PATCH that carries nothing keeps an upload alive no longer.
    const close = soon();
    await setRow({ expires_at: close });
    const empty = await tus(owner, 'PATCH', url, { 'upload-offset': String(MB) }, Buffer.alloc(0));
    expect(empty.status).toBe(204);
    expect(empty.headers.get('upload-offset')).toBe(String(MB));
    expect((await row()).expires_at).toBe(close);
    expect(empty.headers.get('upload-expires')).toBe(new Date(close).toUTCString());

    // Bytes arriving near the end of its lifetime (7 days by default) extend it only up to that end...
    const lifetime = 168 * HOUR;
    const createdAt = new Date(t.clock.now() - lifetime + 60_000).toISOString();
    await setRow({ created_at: createdAt });
    const late = await tus(owner, 'PATCH', url, { 'upload-offset': String(MB) }, bytes.subarray(MB, 2 * MB));
    expect(late.status).toBe(204);
    const end = new Date(Date.parse(createdAt) + lifetime).toISOString();
    expect((await row()).expires_at).toBe(end);
    expect(late.headers.get('upload-expires')).toBe(new Date(end).toUTCString());
    // ...and past it the upload is gone, whatever expiry it holds.
    await setRow({ created_at: new Date(t.clock.now() - lifetime - 1000).toISOString(), expires_at: soon() });
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
    const after = await tus(owner, 'PATCH', url, { 'upload-offset': String(2 * MB) }, bytes.subarray(2 * MB));
    expect(after.status).toBe(404);

    await setRow({ created_at: new Date().toISOString() });
    expect((await tus(owner, 'DELETE', url)).status).toBe(204);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('removes the uploads in flight of an account removed, bytes and all', async () => {
    const leaving = t.client();
    const account = await leaving.signUp();
    const { url } = await create(leaving, 2 * MB);
    expect((await tus(leaving, 'PATCH', url, { 'upload-offset': '0' }, mp4(12, MB))).status).toBe(204);
    expect(await setup.leftovers()).not.toEqual([]);
    const removed = await leaving.request('DELETE', '/api/v1/users/me', {
      json: { password: account.password, email: account.email },
    });
    expect(removed.status).toBe(200);
    const rows = await t.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('id', '=', path.basename(url))
      .execute();
    expect(rows).toEqual([]);
    expect(await setup.leftovers()).toEqual([]);
  });
});

describe.each(SETUPS)('resumable uploads and quotas (%s, %s store)', (dialect, store) => {
  let setup: Setup;
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    setup = await startSetup(dialect, store, {
      MAX_UPLOAD_BYTES: String(64 * MB),
      DEFAULT_QUOTA_BYTES: String(5 * MB),
    });
    t = setup.t;
    // The instance's first account is its administrator.
    admin = t.client();
    await admin.signUp();
  });
  afterAll(() => setup?.close());

  it('holds the bytes of uploads in flight against the quota: what does not fit beside them is refused at once', async () => {
    const user = t.client();
    await user.signUp();
    const over = await create(user, 6 * MB);
    expect(over.answer.status).toBe(413);
    expect(over.answer.body.message).toBe(MESSAGES.quotaExceeded);

    // Each fits on its own, but not both: the second is refused at creation, as is a form upload beside it.
    const a = mp4(7, 3 * MB);
    const first = await create(user, a.length);
    expect(first.answer.status).toBe(201);
    const second = await create(user, 3 * MB);
    expect(second.answer.status).toBe(413);
    expect(second.answer.body.message).toBe(MESSAGES.quotaExceeded);
    const form = await user.upload({ bytes: mp4(8, 3 * MB), type: 'video/mp4', name: 'b.mp4' });
    expect(form.status).toBe(413);

    // Cancelled, its bytes are free again.
    expect((await tus(user, 'DELETE', first.url)).status).toBe(204);
    const again = await create(user, a.length);
    expect(again.answer.status).toBe(201);
    const done = await tus(user, 'PATCH', again.url, { 'upload-offset': '0' }, a);
    expect(done.status).toBe(204);
    expect((await user.get('/api/v1/files/stats')).body.data.totalStorageUsed).toBe(3 * MB);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('admits at most what fits of 24 creations at once', async () => {
    const user = t.client();
    await user.signUp();
    const answers = await Promise.all(Array.from({ length: 24 }, () => create(user, MB)));
    const admitted = answers.filter((x) => x.answer.status === 201);
    expect(admitted).toHaveLength(5);
    for (const refused of answers.filter((x) => x.answer.status !== 201)) {
      expect(refused.answer.status).toBe(413);
      expect(refused.answer.body.message).toBe(MESSAGES.quotaExceeded);
    }
    // The refused ones left nothing behind.
    expect(await setup.leftovers()).toHaveLength(5);
    for (const { url } of admitted) expect((await tus(user, 'DELETE', url)).status).toBe(204);
    expect(await setup.leftovers()).toEqual([]);
  });

  it('checks the quota again when the last byte arrives (an administrator lowered it meanwhile)', async () => {
    const user = t.client();
    const me = await user.signUp();
    const bytes = mp4(9, 2 * MB);
    const { answer, url } = await create(user, bytes.length);
    expect(answer.status).toBe(201);
    const lowered = await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: MB });
    expect(lowered.status).toBe(200);
    const last = await tus(user, 'PATCH', url, { 'upload-offset': '0' }, bytes);
    expect(last.status).toBe(413);
    expect(last.body.message).toBe(MESSAGES.quotaExceeded);
    expect((await tus(user, 'HEAD', url)).status).toBe(404);
    expect(await setup.leftovers()).toEqual([]);
  });
});

describe.each(DIALECTS)('resumable uploads in flight: caps per account (%s)', (dialect) => {
  let setup: Setup;
  let t: TestApp;
  beforeAll(async () => {
    setup = await startSetup(dialect, 'fs', {
      MAX_UPLOAD_BYTES: String(64 * MB),
      RESUMABLE_MAX_IN_FLIGHT: '3',
      RESUMABLE_MAX_IN_FLIGHT_BYTES: String(10 * MB),
    });
    t = setup.t;
  });
  afterAll(() => setup?.close());

  it('refuses a fourth upload in flight with 429 and bytes past the cap with 413; expired ones count no more', async () => {
    const user = t.client();
    await user.signUp();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(user, MB));
    expect(made.map((x) => x.answer.status)).toEqual([201, 201, 201]);
    const fourth = await create(user, MB);
    expect(fourth.answer.status).toBe(429);
    expect(fourth.answer.body.message).toBe(MESSAGES.uploadsInFlightTooMany);
    // Another account has caps of its own.
    const other = t.client();
    await other.signUp();
    expect((await create(other, MB)).answer.status).toBe(201);

    expect((await tus(user, 'DELETE', made[0]!.url)).status).toBe(204);
    const tooLarge = await create(user, 9 * MB);
    expect(tooLarge.answer.status).toBe(413);
    expect(tooLarge.answer.body.message).toBe(MESSAGES.uploadsInFlightTooLarge);
    expect((await create(user, 8 * MB)).answer.status).toBe(201);

    // An upload past its expiry holds nothing.
    await t.db
      .updateTable('resumable_uploads')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('id', '=', path.basename(made[1]!.url))
      .execute();
    expect((await create(user, MB)).answer.status).toBe(201);
  });
});

describe.each(SETUPS)('resumable uploads across a restart (%s, %s store)', (dialect, store) => {
  let setup: Setup;
  let t: TestApp;
  beforeAll(async () => {
    setup = await startSetup(dialect, store, { MAX_UPLOAD_BYTES: String(64 * MB) });
    t = setup.t;
  });
  afterAll(() => setup?.close());

  it('resumes a 40 MB upload in 5 MB chunks after the server restarted', async () => {
    const user = t.client();
    await user.signUp();
    const bytes = crypto.randomBytes(40 * MB);
    mp4(9, 64).copy(bytes);
    // Two chunks in, the client goes away (a tab closed, a network gone) before the server restarts.
    const { url } = await clientUpload(t, user, bytes, { stopAfter: 10 * MB });

    await t.restart();
    const offset = (await tus(user, 'HEAD', url)).headers.get('upload-offset');
    expect(Number(offset)).toBe(10 * MB);
    const resumed = await clientUpload(t, user, bytes, { uploadUrl: url });
    const link = (await user.get(`/api/v1/files/f/${resumed.fileId}/download`)).body.data.url;
    expect(sha256((await user.get(link)).bytes)).toBe(sha256(bytes));
    expect(await setup.leftovers()).toEqual([]);
  });
});

/**
 * On S3 the pieces live in the bucket: what a crash leaves there (a multipart upload whose creation never
 * reached the database, a tail object of an upload gone) is found by gc once older than its grace period.
 */
describe.each(DIALECTS)('resumable uploads on S3: gc of pieces no upload knows (%s)', (dialect) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startSetup(dialect, 's3', { MAX_UPLOAD_BYTES: String(64 * MB) });
  });
  afterAll(() => setup?.close());

  it('aborts multipart uploads and removes objects under uploads/ that no row knows, past the grace period', async () => {
    const { t } = setup;
    const { staging } = setup.bucket!;
    const user = t.client();
    await user.signUp();
    // A live upload with a tail object and its multipart upload: gc leaves it alone at any grace.
    const bytes = mp4(10, 2 * MB);
    const live = await create(user, bytes.length);
    const first = await tus(user, 'PATCH', live.url, { 'upload-offset': '0' }, bytes.subarray(0, MB));
    expect(first.status).toBe(204);
    const liveId = path.basename(live.url);
    const strayId = crypto.randomUUID();
    await staging.startMultipart(`uploads/${strayId}`);
    await staging.putSmall(`uploads/${strayId}.tail-1`, Buffer.alloc(1000, 7));
    // A second multipart upload for the live upload's key, which its row does not name (a retried creation).
    await staging.startMultipart(`uploads/${liveId}`);

    const young = await t.services.maintenance.gc({ graceMs: 60 * 60_000 });
    expect(young.abandonedUploads).toBe(0);
    expect((await setup.leftovers()).length).toBe(5);

    const dry = await t.services.maintenance.gc({ graceMs: 0, dryRun: true });
    expect(dry.abandonedUploads).toBe(2);
    expect((await setup.leftovers()).length).toBe(5);

    const swept = await t.services.maintenance.gc({ graceMs: 0 });
    expect(swept.abandonedUploads).toBe(2);
    expect(swept.bytesFreed).toBeGreaterThanOrEqual(1000);
    expect((await setup.leftovers()).sort()).toEqual([
      `multipart uploads/${liveId}`,
      `uploads/${liveId}.tail-1`,
    ]);

    // The live upload still completes from where it stood.
    const last = await tus(user, 'PATCH', live.url, { 'upload-offset': String(MB) }, bytes.subarray(MB));
    expect(last.status).toBe(204);
    const file = await user.get(`/api/v1/files/f/${last.headers.get('upload-file-id')}/content`);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
    expect(await setup.leftovers()).toEqual([]);
  });
});
