import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cloudstash/contract';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { Cluster } from './cluster';
import { postgresAvailable } from './postgres-gate';
import { signUpForCookie } from './session';

const RUN = postgresAvailable('accounts across processes (2 processes, PostgreSQL + S3)');

/**
 * Disabling an account, revoking a token and ending sessions act on every process at once: nothing about an
 * account's standing is cached in a process, each request reads it from the shared database.
 */
describe.runIf(RUN)('accounts across two processes', { timeout: 120_000 }, () => {
  let s3: TestS3;
  let cluster: Cluster;
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    s3 = await startTestS3();
    database = await createPostgresDatabase();
    cluster = await Cluster.start({
      databaseUrl: database.url,
      s3,
      bucket: await s3.createBucket(),
      size: 2,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await s3?.close();
  });

  async function call(
    node: number,
    method: string,
    url: string,
    headers: Record<string, string>,
    json?: unknown,
  ) {
    const response = await fetch(new URL(url, cluster.url(node)), {
      method,
      headers: { ...headers, ...(json !== undefined && { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('a disabled account stops on the other process at once, session and token alike', async () => {
    const admin = await signUpForCookie(cluster.url(0));
    const user = await signUpForCookie(cluster.url(0));
    const userId = (await call(0, 'GET', '/api/v1/users/me', { cookie: user.cookie })).body.data._id;
    const token = (
      await call(
        0,
        'POST',
        '/api/v1/users/me/tokens',
        { cookie: user.cookie },
        { name: 'sync', scope: 'read' },
      )
    ).body.data.token;
    const bearer = { authorization: `Bearer ${token}` };
    // Both credentials are in use on process 1 first, so any per-process cache would be warm.
    expect((await call(1, 'GET', '/api/v1/users/me', { cookie: user.cookie })).status).toBe(200);
    expect((await call(1, 'GET', '/api/v1/users/me', bearer)).status).toBe(200);

    const disabled = await call(
      0,
      'PATCH',
      `/api/v1/admin/users/${userId}`,
      { cookie: admin.cookie },
      { disabled: true },
    );
    expect(disabled.status).toBe(200);
    expect((await call(1, 'GET', '/api/v1/users/me', { cookie: user.cookie })).status).toBe(401);
    expect((await call(1, 'GET', '/api/v1/users/me', bearer)).status).toBe(401);
    const login = await call(
      1,
      'POST',
      '/api/v1/users/login',
      {},
      { email: user.account.email, password: user.account.password },
    );
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(ACCOUNT_MESSAGES.accountDisabled);
  });

  it('a token revoked on one process is refused on the other at once', async () => {
    const user = await signUpForCookie(cluster.url(1));
    const created = (
      await call(
        1,
        'POST',
        '/api/v1/users/me/tokens',
        { cookie: user.cookie },
        { name: 'cli', scope: 'read-write' },
      )
    ).body.data;
    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await call(0, 'GET', '/api/v1/files/user-files', bearer)).status).toBe(200);
    expect(
      (await call(1, 'DELETE', `/api/v1/users/me/tokens/${created.id}`, { cookie: user.cookie })).status,
    ).toBe(200);
    const refused = await call(0, 'GET', '/api/v1/files/user-files', bearer);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
  });
});
