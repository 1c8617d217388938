import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ALLOWED_MIME_TYPES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { mp4, text } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const KB = 1024;

/**
 * Sends only the head of an upload that declares `length` bytes and resolves with the answer, so a refusal
 * is seen to come before any byte of the body was sent.
 */
function headOnlyUpload(
  baseUrl: string,
  cookie: string,
  length: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/v1/files/upload', baseUrl), {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.flushHeaders();
  });
}

describe.each(DIALECTS)('limits and quotas (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { DEFAULT_QUOTA_BYTES: String(300 * KB), MAX_UPLOAD_BYTES: '7340032' },
    });
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
  });
  afterAll(() => t.close());

  it('tells anyone the limits the browser obeys, and a signed-in account its own quota', async () => {
    const anonymous = await t.client().get('/api/v1/config');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toEqual({
      maxUploadBytes: 7 * 1024 * 1024,
      allowedTypes: [...ALLOWED_MIME_TYPES],
      resumableChunkBytes: 8 * 1024 * 1024,
      quotaBytes: 300 * KB,
    });
    const user = t.client();
    const me = await user.signUp();
    await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: null });
    const unlimited = await user.get('/api/v1/config');
    expect(unlimited.body.data.quotaBytes).toBeUndefined();
  });

  it('refuses an upload over the default quota with 413 before reading its body', async () => {
    const user = t.client();
    await user.signUp();
    const answer = await headOnlyUpload(t.baseUrl, user.cookieHeader(), 400 * KB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(MESSAGES.quotaExceeded);

    expect((await user.upload({ bytes: mp4(1, 200 * KB), type: 'video/mp4', name: 'a.mp4' })).status).toBe(
      201,
    );
    const over = await user.upload({ bytes: mp4(2, 150 * KB), type: 'video/mp4', name: 'b.mp4' });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(MESSAGES.quotaExceeded);
    const stats = await user.get('/api/v1/files/stats');
    expect(stats.body.data).toMatchObject({
      totalFiles: 1,
      totalStorageUsed: 200 * KB,
      quotaBytes: 300 * KB,
    });
  });

  it('counts the logical size: bytes someone else already stores still use the quota', async () => {
    const bytes = mp4(3, 200 * KB);
    const first = t.client();
    await first.signUp();
    expect((await first.upload({ bytes, type: 'video/mp4', name: 'a.mp4' })).status).toBe(201);
    const second = t.client();
    await second.signUp();
    expect((await second.upload({ bytes, type: 'video/mp4', name: 'a.mp4' })).status).toBe(201);
    expect((await second.upload({ bytes, type: 'video/mp4', name: 'again.mp4' })).status).toBe(413);
  });

  it('lets an administrator set, raise and remove one account quota', async () => {
    const user = t.client();
    const me = await user.signUp();
    const set = await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: 100 * KB });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ message: ACCOUNT_MESSAGES.userUpdated, data: { quotaBytes: 100 * KB } });
    expect((await admin.get(`/api/v1/admin/stats/${me._id}`)).body.data.quotaBytes).toBe(100 * KB);
    expect((await user.upload({ bytes: text('x'.repeat(150 * KB)), type: 'text/plain' })).status).toBe(413);

    await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: null });
    expect((await user.get('/api/v1/files/stats')).body.data.quotaBytes).toBeUndefined();
    expect((await user.upload({ bytes: text('y'.repeat(400 * KB)), type: 'text/plain' })).status).toBe(201);

    for (const quotaBytes of [-1, 1.5, '100']) {
      const refused = await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes });
      expect(refused.status).toBe(400);
    }
    expect((await user.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: 10 ** 12 })).status).toBe(403);
  });

  it('lets only one of two parallel uploads that each fit, but not together, commit', async () => {
    const user = t.client();
    const me = await user.signUp();
    await admin.patch(`/api/v1/admin/users/${me._id}`, { quotaBytes: 250 * KB });
    const answers = await Promise.all([
      user.upload({ bytes: mp4(10, 200 * KB), type: 'video/mp4', name: 'one.mp4' }),
      user.upload({ bytes: mp4(11, 200 * KB), type: 'video/mp4', name: 'two.mp4' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
    expect(answers.find((a) => a.status === 413)!.body.message).toBe(MESSAGES.quotaExceeded);
    const stats = await user.get('/api/v1/files/stats');
    expect(stats.body.data).toMatchObject({ totalFiles: 1, totalStorageUsed: 200 * KB });
  });

  it('counts files over 4 GB exactly (64-bit sizes on both dialects)', async () => {
    const user = t.client();
    const me = await user.signUp();
    const size = 5 * 1024 ** 3 + 7;
    const now = new Date().toISOString();
    const hash = 'f'.repeat(63) + (dialect === 'sqlite' ? '1' : '2');
    await t.db.insertInto('blobs').values({ hash, size, ref_count: 1, created_at: now }).execute();
    await t.db
      .insertInto('files')
      .values({
        id: crypto.randomUUID(),
        owner_id: me._id,
        blob_hash: hash,
        filename: 'huge',
        filename_key: 'huge',
        mimetype: 'video/mp4',
        category: 'video',
        size,
        is_public: 0,
        download_count: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await user.get('/api/v1/files/stats')).body.data.totalStorageUsed).toBe(size);
  });
});
