import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { newAccount } from '../helpers/test-client';
import { Cluster } from './cluster';
import { postgresAvailable } from './postgres-gate';

const RUN = postgresAvailable('share links across processes (3 processes, PostgreSQL + S3)');
const NODES = 3;

type Answer = { status: number; body: any; bytes: Buffer };

describe.runIf(RUN)('share links across three processes on one PostgreSQL', { timeout: 120_000 }, () => {
  let s3: TestS3;
  let cluster: Cluster;
  let database: { url: string; drop: () => Promise<void> };
  let cookie = '';
  let fileId = '';
  const bytes = png(4242, 64, 64);

  async function call(
    node: number,
    method: string,
    url: string,
    json?: unknown,
    withCookie = false,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (withCookie) headers.cookie = cookie;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(url, cluster.url(node)), {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const raw = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return { status: response.status, body: isJson ? JSON.parse(raw.toString()) : undefined, bytes: raw };
  }

  beforeAll(async () => {
    s3 = await startTestS3();
    const bucket = await s3.createBucket();
    database = await createPostgresDatabase();
    cluster = await Cluster.start({ databaseUrl: database.url, s3, bucket, size: NODES });
    const account = newAccount();
    expect((await call(0, 'POST', '/api/v1/users/register', account)).status).toBe(201);
    const login = await fetch(new URL('/api/v1/users/login', cluster.url(0)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const form = new FormData();
    form.append('filename', 'shared-across');
    form.append('file', new Blob([bytes]), 'a.png');
    const uploaded = await fetch(new URL('/api/v1/files/upload', cluster.url(1)), {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    fileId = ((await uploaded.json()) as { data: { _id: string } }).data._id;
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await s3?.close();
  });

  it('gives exactly 3 of 20 concurrent downloads, spread over 3 processes, to a link with a limit of 3', async () => {
    const link = (await call(0, 'POST', `/api/v1/files/f/${fileId}/links`, { maxDownloads: 3 }, true)).body
      .data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % NODES, 'GET', `/api/v1/s/${link.token}/content?download=1`),
      ),
    );
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(3);
    for (const a of served) expect(a.bytes.equals(bytes)).toBe(true);
    const refused = answers.filter((a) => a.status === 404);
    expect(refused).toHaveLength(17);
    for (const a of refused) expect(a.body.message).toBe(LINK_MESSAGES.linkUnavailable);
    const listed = (await call(2, 'GET', `/api/v1/files/f/${fileId}/links`, undefined, true)).body.data[0];
    expect(listed).toMatchObject({ _id: link._id, downloads: 3, state: 'used up' });
    const history = (await call(1, 'GET', `/api/v1/files/f/${fileId}/downloads`, undefined, true)).body.data;
    expect(history.total).toBe(3);
  });

  it('a revoke on one process is seen by every other at once', async () => {
    const link = (await call(1, 'POST', `/api/v1/files/f/${fileId}/links`, {}, true)).body.data;
    for (let node = 0; node < NODES; node++) {
      expect((await call(node, 'GET', `/api/v1/s/${link.token}`)).status).toBe(200);
    }
    expect((await call(2, 'DELETE', `/api/v1/links/${link._id}`, undefined, true)).status).toBe(200);
    for (let node = 0; node < NODES; node++) {
      const answer = await call(node, 'GET', `/api/v1/s/${link.token}/content`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(LINK_MESSAGES.linkUnavailable);
    }
  });

  it('an unlock on one process opens the link on the others (one app secret)', async () => {
    const link = (await call(0, 'POST', `/api/v1/files/f/${fileId}/links`, { password: 'across' }, true)).body
      .data;
    const unlock = await fetch(new URL(`/api/v1/s/${link.token}/unlock`, cluster.url(0)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'across' }),
    });
    expect(unlock.status).toBe(200);
    const proof = unlock.headers.getSetCookie()[0]!.split(';')[0]!;
    const elsewhere = await fetch(new URL(`/api/v1/s/${link.token}/content`, cluster.url(2)), {
      headers: { cookie: proof },
    });
    expect(elsewhere.status).toBe(200);
    expect(Buffer.from(await elsewhere.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
