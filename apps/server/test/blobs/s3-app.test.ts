import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { bundledProgram } from '../helpers/child-server';
import { mp4, sha256 } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { closedPort, startTestS3, type TestS3 } from './s3-server';

/** The whole server on BLOB_STORE=s3 (SQLite metadata, so it runs without PostgreSQL too). */
describe('the server on an S3 blob store', () => {
  let s3: TestS3;
  let bucket: string;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = await s3.createBucket();
    app = await startTestApp('sqlite', { env: s3.env(bucket) });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const objects = async () => {
    const store = new S3BlobStore(s3.storeOptions(bucket));
    const keys: string[] = [];
    for await (const item of store.list()) keys.push(item.key);
    store.destroy();
    return keys;
  };

  it('stores shared bytes once, serves ranges for seeking, and reclaims the object with the last reference', async () => {
    const video = mp4(5, 300_000);
    const alice = app.client();
    const bob = app.client();
    await alice.signUp();
    await bob.signUp();
    const a = await alice.upload({ bytes: video, name: 'a.mp4' });
    const b = await bob.upload({ bytes: video, name: 'b.mp4' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await objects()).toEqual([sha256(video)]);

    const whole = await alice.get(`/api/v1/files/f/${a.body.data._id}/content`);
    expect(whole.status).toBe(200);
    expect(sha256(whole.bytes)).toBe(sha256(video));
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=299000-', 299_000, 299_999],
      ['bytes=-500', 299_500, 299_999],
    ] as const) {
      const part = await bob.get(`/api/v1/files/f/${b.body.data._id}/content`, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/300000`);
      expect(part.bytes.equals(video.subarray(start, end + 1)), range).toBe(true);
    }

    expect((await alice.delete(`/api/v1/files/delete/${a.body.data._id}`)).status).toBe(200);
    expect(await objects()).toEqual([sha256(video)]);
    expect((await bob.delete(`/api/v1/files/delete/${b.body.data._id}`)).status).toBe(200);
    // The object goes just after the answer (services/reclaim-queue.ts), so the delete's timing tells nothing.
    await app.services.reclaims.drain();
    expect(await objects()).toEqual([]);
    const { problems } = await app.services.maintenance.fsck();
    expect(problems).toEqual([]);
  });

  it('cuts off a whole read of a damaged object by its checksum, and the scrub reports it', async () => {
    const video = mp4(6, 200_000);
    const owner = app.client();
    await owner.signUp();
    const id = (await owner.upload({ bytes: video, name: 'rot.mp4' })).body.data._id;
    const rotten = Buffer.from(video);
    rotten[150_000] = rotten[150_000]! ^ 0x08;
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: s3Credentials(s3),
    });
    const overwrite = (body: Buffer) =>
      client.send(new PutObjectCommand({ Bucket: bucket, Key: `blobs/${sha256(video)}`, Body: body }));
    await overwrite(rotten);
    const read = await owner.get(`/api/v1/files/f/${id}/content`).then(
      (answer) => answer.status === 200 && answer.bytes.equals(video),
      () => false,
    );
    expect(read).toBe(false);
    const scrub = await app.services.maintenance.scrub();
    expect(scrub.problems).toEqual([
      expect.objectContaining({ blob: sha256(video), problem: 'hash mismatch' }),
    ]);
    await overwrite(video);
    expect((await owner.get(`/api/v1/files/f/${id}/content`)).bytes.equals(video)).toBe(true);
    client.destroy();
  });

  it('completes a resumable upload into one object, stored once for two accounts, with no bytes left behind', async () => {
    const video = mp4(6, 3 * 1024 * 1024);
    const ids: string[] = [];
    for (const client of [app.client(), app.client()]) {
      await client.signUp();
      const tus = { 'tus-resumable': '1.0.0' };
      const created = await client.request('POST', '/api/v1/uploads', {
        headers: { ...tus, 'upload-length': String(video.length) },
      });
      const url = created.headers.get('location')!;
      let offset = 0;
      for (const size of [1024 * 1024, video.length - 1024 * 1024]) {
        const piece = await client.request('PATCH', url, {
          headers: {
            ...tus,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          body: new Uint8Array(video.subarray(offset, offset + size)),
        });
        expect(piece.status).toBe(204);
        offset += size;
        if (offset === video.length) ids.push(piece.headers.get('upload-file-id')!);
      }
      const content = await client.get(`/api/v1/files/f/${ids.at(-1)}/content`);
      expect(sha256(content.bytes)).toBe(sha256(video));
    }
    expect(ids).toHaveLength(2);
    expect(await objects()).toContain(sha256(video));
    // The pieces lived in the bucket and went with completion; nothing touched the local disk.
    const store = new S3BlobStore(s3.storeOptions(bucket));
    const staged = [];
    for await (const object of store.staging.list()) staged.push(object);
    store.destroy();
    expect(staged).toEqual([]);
    expect(fs.existsSync(app.config.resumableDir)).toBe(false);
  });
});

function s3Credentials(s3: TestS3) {
  return { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
}

describe('health and start-up when the S3 store is not there', () => {
  it('health answers 503 with blobStore "down" once the store stops answering, and 200 before', async () => {
    const s3 = await startTestS3();
    const app = await startTestApp('sqlite', { env: s3.env(await s3.createBucket()) });
    try {
      const client = app.client();
      expect((await client.get('/api/v1/health')).status).toBe(200);
      await s3.stop();
      const started = Date.now();
      const health = await client.get('/api/v1/health');
      expect(health.status).toBe(503);
      expect(health.body.data).toEqual({ database: 'up', blobStore: 'down', shuttingDown: false });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('the server refuses to start, within seconds and with a clear line, when the endpoint is unreachable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-s3-down-'));
    const port = await closedPort();
    const started = Date.now();
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bundledProgram('server')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
          BLOB_STORE: 's3',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: 'cloudstash',
          S3_ACCESS_KEY_ID: 'k',
          S3_SECRET_ACCESS_KEY: 's',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.once('exit', (exitCode) => resolve({ code: exitCode, stderr: err }));
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `CloudStash could not start: S3 store unreachable at bucket "cloudstash" at http://127.0.0.1:${port}`,
    );
    // Most of this is loading the server's code; the store check itself fails at once.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
