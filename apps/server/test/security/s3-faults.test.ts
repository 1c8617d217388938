import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { png, sha256 } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { filesUnder, startTestApp, type TestApp } from '../helpers/test-app';

type Mode = 'ok' | 'put-500' | 'put-503' | 'put-reset' | 'head-500' | 'get-500';

/**
 * A minimal S3 endpoint (path style) that keeps objects in memory and fails on demand, so the S3 store's
 * error paths run without a real service: internal errors, throttling, dropped connections.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const state = { mode: 'ok' as Mode, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://s3');
      const [, , ...rest] = url.pathname.split('/');
      const key = rest.join('/');
      state.requests.push(`${req.method} ${key || '(bucket)'}`);
      const fail = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>injected</Message></Error>`);
      };
      if (!key) {
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(
            '<?xml version="1.0"?><ListBucketResult><IsTruncated>false</IsTruncated><KeyCount>0</KeyCount></ListBucketResult>',
          );
        }
        res.writeHead(200);
        return res.end();
      }
      if (req.method === 'HEAD') {
        if (state.mode === 'head-500') return fail(500, 'InternalError');
        const body = objects.get(key);
        res.writeHead(body ? 200 : 404, body ? { 'content-length': body.length } : {});
        return res.end();
      }
      if (req.method === 'PUT') {
        if (state.mode === 'put-500') return fail(500, 'InternalError');
        if (state.mode === 'put-503') return fail(503, 'SlowDown');
        if (state.mode === 'put-reset') return req.socket.destroy();
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"x"' });
        return res.end();
      }
      if (req.method === 'GET') {
        if (state.mode === 'get-500') return fail(500, 'InternalError');
        const body = objects.get(key);
        if (!body) return fail(404, 'NoSuchKey');
        res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
        return res.end(body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      fail(400, 'BadRequest');
    });
  });
  return { server, objects, state };
}

describe('S3 store faults', () => {
  const s3 = fakeS3();
  let t: TestApp;
  let store: S3BlobStore;
  let user: TestClient;
  const figures: string[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    t = await startTestApp('sqlite', {
      wrapStore: async () => {
        store = new S3BlobStore({
          endpoint,
          region: 'us-east-1',
          bucket: 'faults',
          forcePathStyle: true,
          accessKeyId: 'k',
          secretAccessKey: 's',
        });
        await store.init();
        return store;
      },
      // The fault modes apply to every request this fake receives: background thumbnail jobs would meet the
      // faults meant for the upload under test (and this fake lists no objects, which fsck would count).
      env: { THUMBNAIL_WORKERS: '0' },
    });
    await t.client().signUp();
    user = t.client();
    await user.signUp();
  });
  afterAll(async () => {
    console.log(`S3 faults:\n  ${figures.join('\n  ')}`);
    await t.close();
    (store as unknown as { destroy?: () => void }).destroy?.();
    s3.server.closeAllConnections();
    await new Promise((r) => s3.server.close(r));
  });

  const rows = async () => (await t.db.selectFrom('files').select('id').execute()).length;

  it.each(['put-500', 'put-503', 'put-reset', 'head-500'] as const)(
    'answers an upload with 5xx and a request id when S3 fails (%s), and loses nothing',
    async (mode) => {
      const bytes = png(crypto.randomInt(1e9), 32, 32);
      const before = await rows();
      s3.state.mode = mode;
      s3.state.requests = [];
      const started = performance.now();
      const answer = await user.upload({ bytes });
      const ms = performance.now() - started;
      s3.state.mode = 'ok';
      figures.push(
        `${mode}: ${answer.status} in ${ms.toFixed(0)} ms after ${s3.state.requests.length} S3 requests (${s3.state.requests.map((r) => r.split(' ')[0]).join(', ')})`,
      );
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.body).toEqual({
        message: MESSAGES.internalError,
        code: 'INTERNAL',
        requestId: answer.headers.get('x-request-id'),
      });
      expect(await rows()).toBe(before);
      expect(filesUnder(t.config.tmpDir)).toEqual([]);
      expect(s3.objects.has(`blobs/${sha256(bytes)}`)).toBe(false);
      expect((await t.services.maintenance.fsck()).problems).toEqual([]);
      // The server keeps serving, and the same upload goes through once S3 answers again.
      expect((await user.get('/api/v1/health')).status).toBe(200);
      const retry = await user.upload({ bytes });
      expect(retry.status).toBe(201);
      expect(sha256((await user.get(retry.body.data.url)).bytes)).toBe(sha256(bytes));
    },
  );

  it('answers a failing S3 read with 5xx and a request id, and keeps serving', async () => {
    const bytes = png(5150);
    const file = (await user.upload({ bytes })).body.data;
    s3.state.mode = 'get-500';
    const answer = await user.get(file.url);
    s3.state.mode = 'ok';
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(answer.body).toMatchObject({ message: MESSAGES.internalError, code: 'INTERNAL' });
    expect((await user.get(file.url)).bytes.equals(bytes)).toBe(true);
  });
});
