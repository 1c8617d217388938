import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { mp4, sha256 } from '../helpers/fixtures';
import { until } from '../helpers/test-app';
import { Cluster } from './cluster';
import { postgresAvailable } from './postgres-gate';
import { signUpForCookie } from './session';
import { MESSAGES } from '@cloudstash/contract';

const RUN = postgresAvailable('resumable uploads across processes (2 processes, PostgreSQL + S3)');
const MB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

/**
 * Behind a load balancer each request of a resumable upload may reach any process. On S3 the pieces live in
 * the bucket and the upload's state in the shared database, so an upload started on one process takes its
 * pieces on either and completes on whichever receives the last byte.
 */
describe.runIf(RUN)('resumable uploads across two processes', { timeout: 180_000 }, () => {
  let s3: TestS3;
  let bucket: string;
  let cluster: Cluster;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = await s3.createBucket();
    database = await createPostgresDatabase();
    cluster = await Cluster.start({
      databaseUrl: database.url,
      s3,
      bucket,
      size: 2,
      env: { MAX_UPLOAD_BYTES: String(64 * MB) },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await s3?.close();
  });

  async function send(
    node: number,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: Buffer,
  ) {
    const response = await fetch(new URL(url, cluster.url(node)), {
      method,
      headers,
      ...(body && { body: new Uint8Array(body) }),
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  /**
   * Creates the upload on `nodes[0]` and sends `bytes` in `chunk`-sized pieces, the n-th to `nodes[n % 2]`,
   * checking the offset each answers; resolves with the file id the last piece answers.
   */
  async function uploadAcross(cookie: string, bytes: Buffer, chunk: number, nodes: [number, number]) {
    const created = await send(nodes[0], 'POST', '/api/v1/uploads', {
      ...TUS,
      cookie,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from('movie.mp4').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    let fileId: string | null = null;
    for (let offset = 0, n = 0; offset < bytes.length; offset += chunk, n++) {
      const node = nodes[n % 2]!;
      // The other process tells the same offset: the state is shared, not kept in the process that took it.
      const head = await send(nodes[(n + 1) % 2]!, 'HEAD', url, { ...TUS, cookie });
      expect(head.headers.get('upload-offset')).toBe(String(offset));
      const piece = bytes.subarray(offset, offset + chunk);
      const answer = await send(
        node,
        'PATCH',
        url,
        {
          ...TUS,
          cookie,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        piece,
      );
      expect(answer.status, `piece at ${offset} on process ${node}: ${answer.bytes.toString()}`).toBe(204);
      expect(answer.headers.get('upload-offset')).toBe(String(offset + piece.length));
      fileId = answer.headers.get('upload-file-id');
    }
    expect(fileId).toBeTruthy();
    return fileId!;
  }

  async function staged(): Promise<string[]> {
    const store = new S3BlobStore(s3.storeOptions(bucket));
    const found: string[] = [];
    for await (const object of store.staging.list()) found.push(object.name);
    for await (const upload of store.staging.listMultipart()) found.push(`multipart ${upload.name}`);
    store.destroy();
    return found;
  }

  it('an upload begun on one process takes alternate pieces on both and downloads intact from both', async () => {
    const { cookie } = await signUpForCookie(cluster.url(0));
    // 3 MB pieces against 8 MiB parts: parts are cut in the middle of requests and tails carried between
    // processes.
    const bytes = mp4(21, 20 * MB + 12_345);
    const fileId = await uploadAcross(cookie, bytes, 3 * MB, [0, 1]);
    for (const node of [0, 1]) {
      const content = await send(node, 'GET', `/api/v1/files/f/${fileId}/content`, { cookie });
      expect(content.status).toBe(200);
      expect(sha256(content.bytes), `download from process ${node}`).toBe(sha256(bytes));
    }
    expect(await staged()).toEqual([]);
  });

  it('the same bytes uploaded resumably by two accounts through both processes are one blob', async () => {
    const bytes = mp4(22, 11 * MB);
    const alice = await signUpForCookie(cluster.url(0));
    const bob = await signUpForCookie(cluster.url(1));
    const first = await uploadAcross(alice.cookie, bytes, 4 * MB, [0, 1]);
    const second = await uploadAcross(bob.cookie, bytes, 5 * MB, [1, 0]);
    expect(first).not.toBe(second);
    for (const [cookie, id, node] of [
      [alice.cookie, first, 1],
      [bob.cookie, second, 0],
    ] as const) {
      const content = await send(node, 'GET', `/api/v1/files/f/${id}/content`, { cookie });
      expect(sha256(content.bytes)).toBe(sha256(bytes));
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = await client.query('select ref_count, size from blobs where hash = $1', [sha256(bytes)]);
    await client.end();
    expect(rows.rows.map((r) => [r.ref_count, Number(r.size)])).toEqual([[2, bytes.length]]);
    const store = new S3BlobStore(s3.storeOptions(bucket));
    const blobs: string[] = [];
    for await (const item of store.list()) blobs.push(item.key);
    store.destroy();
    expect(blobs.filter((key) => key === sha256(bytes))).toHaveLength(1);
    expect(await staged()).toEqual([]);
  });

  it('a piece sent to one process while another is still writing that upload is refused with 409', async () => {
    const { cookie } = await signUpForCookie(cluster.url(0));
    const bytes = mp4(23, 6 * MB);
    const created = await send(0, 'POST', '/api/v1/uploads', {
      ...TUS,
      cookie,
      'upload-length': String(bytes.length),
    });
    const url = created.headers.get('location')!;
    const id = url.split('/').at(-1)!;

    // Process A receives the first half of a piece and waits for the rest.
    let finish!: () => void;
    const slow = new Promise<number>((resolve, reject) => {
      const request = http.request(new URL(url, cluster.url(0)), {
        method: 'PATCH',
        agent: false,
        headers: {
          ...TUS,
          cookie,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(bytes.length),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
      request.write(bytes.subarray(0, 3 * MB));
      finish = () => request.end(bytes.subarray(3 * MB));
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await until('process A to hold the upload', async () => {
        const lease = await client.query('select holder from leases where name = $1', [
          `resumable-upload:${id}`,
        ]);
        return lease.rows.length === 1;
      });
      // Process B must not write the same part at the same time: it answers busy, A's bytes are untouched.
      const rival = await send(
        1,
        'PATCH',
        url,
        { ...TUS, cookie, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        bytes.subarray(0, MB),
      );
      expect(rival.status).toBe(409);
      expect(JSON.parse(rival.bytes.toString()).message).toBe(MESSAGES.uploadBusy);
      finish();
      expect(await slow).toBe(204);
      const left = await client.query('select count(*)::int as n from leases where name = $1', [
        `resumable-upload:${id}`,
      ]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
});
