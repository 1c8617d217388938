import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@cloudstash/contract';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { until } from '../helpers/test-app';
import { TestClient } from '../helpers/test-client';

/**
 * The request log of the real server (LOG_LEVEL=info, JSON lines on stdout) after every secret that travels
 * in a URL was used: share link tokens, a signed download link, a reset link, an invite and a single sign-on
 * callback. Whoever reads the log finds none of them.
 */
describe.each(DIALECTS)('request logs hold no secrets (%s)', (dialect) => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: ChildServer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-logs-'));
    database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    server = await startChildServer({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      ...(database && { DATABASE_URL: database.url }),
    });
  }, 180_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('redacts share tokens, download signatures, reset and invite tokens and sign-on codes', async () => {
    const admin = new TestClient(server.baseUrl);
    await admin.signUp();
    const member = new TestClient(server.baseUrl);
    const account = await member.signUp();
    const fileId = (await admin.upload({ bytes: png(1400), filename: 'logged' })).body.data._id;
    const secrets: string[] = [];
    // Each as a stranger's first request, with no cookie of ours.
    const visit = (url: string, init: Parameters<TestClient['request']>[2] = {}, method = 'GET') =>
      new TestClient(server.baseUrl).request(method, url, init);

    // Share links: the visitor page, its API, the bytes, the thumbnail, unlocking, a path that does not exist.
    const open = (await admin.post(`${API_BASE}/files/f/${fileId}/links`, {})).body.data.token as string;
    const locked = (await admin.post(`${API_BASE}/files/f/${fileId}/links`, { password: 'pw-123456' })).body
      .data.token as string;
    secrets.push(open, locked);
    expect((await visit(`/s/${open}`)).status).toBeLessThan(500);
    expect((await visit(`${API_BASE}/s/${open}`)).status).toBe(200);
    expect((await visit(`${API_BASE}/s/${open}/content?download=1`)).status).toBe(200);
    await visit(`${API_BASE}/s/${open}/thumbnail`);
    await visit(`${API_BASE}/s/${open}/nowhere`);
    expect(
      (await visit(`${API_BASE}/s/${locked}/unlock`, { json: { password: 'wrong-one' } }, 'POST')).status,
    ).toBe(401);

    // A signed download link, and the same signature under another spelling of its name.
    const signed = (await admin.get(`${API_BASE}/files/f/${fileId}/download`)).body.data.url as string;
    const signature = new URL(signed, server.baseUrl).searchParams.get('s')!;
    secrets.push(signature);
    expect((await admin.get(signed)).status).toBe(200);
    await visit(signed.replace('&s=', '&S='));

    // A reset link and an invite, opened the way a browser opens them.
    const reset = (await admin.post(`${API_BASE}/admin/users/${account._id}/reset-link`)).body.data
      .url as string;
    const invite = (await admin.post(`${API_BASE}/admin/invites`)).body.data.url as string;
    const resetToken = new URL(reset, server.baseUrl).pathname.split('/').at(-1)!;
    const inviteToken = new URL(invite, server.baseUrl).searchParams.get('invite')!;
    secrets.push(resetToken, inviteToken);
    await visit(new URL(reset, server.baseUrl).pathname);
    await visit(`/register?invite=${inviteToken}`);

    // A single sign-on callback's code and state.
    const code = 'c0de-that-must-not-be-logged';
    const state = 'st4te-that-must-not-be-logged';
    secrets.push(code, state);
    const last = await visit(`${API_BASE}/auth/oidc/callback?code=${code}&state=${state}`);
    const lastId = last.headers.get('x-request-id')!;

    await until('the last request in the log', async () =>
      server
        .stdout()
        .split('\n')
        .some((line) => line.includes(lastId) && line.includes('request completed')),
    );
    const log = server.stdout();
    expect(log).toContain(`/api/v1/s/[redacted]/content?download=1`);
    expect(log).toContain('/reset/[redacted]');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
  });
});
