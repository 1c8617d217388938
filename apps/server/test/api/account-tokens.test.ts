import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('access tokens (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp({ name: 'Admin' });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(() => t.close());

  /** A request with no cookies at all, as a script sends it. */
  const withToken = (
    token: string,
    method: string,
    url: string,
    init: { json?: unknown; body?: FormData } = {},
  ) => t.client().request(method, url, { ...init, headers: { authorization: `Bearer ${token}` } });

  async function newToken(scope: 'read' | 'read-write', expiresAt?: string) {
    const created = await owner.post('/api/v1/users/me/tokens', { name: `${scope} token`, scope, expiresAt });
    expect(created.status).toBe(201);
    return created.body.data as { id: string; token: string };
  }

  it('creates a token shown once with a recognisable prefix, and lists it without the secret, with its last use', async () => {
    const created = await owner.post('/api/v1/users/me/tokens', { name: 'backup script', scope: 'read' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ACCOUNT_MESSAGES.tokenCreated);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'backup script',
      scope: 'read',
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
      token: expect.stringMatching(/^cst_[A-Za-z0-9_-]{43}$/),
    });
    const before = await owner.get('/api/v1/users/me/tokens');
    const listed = before.body.data.find((x: { id: string }) => x.id === created.body.data.id);
    expect(listed).toMatchObject({ name: 'backup script', lastUsedAt: null });
    expect(JSON.stringify(before.body)).not.toContain(created.body.data.token);

    const me = await withToken(created.body.data.token, 'GET', '/api/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(owner.user!.email);
    const after = await owner.get('/api/v1/users/me/tokens');
    expect(after.body.data.find((x: { id: string }) => x.id === created.body.data.id).lastUsedAt).toEqual(
      expect.any(String),
    );
  });

  it('refuses a token without a name, with an unknown scope or with an expiry in the past', async () => {
    expect((await owner.post('/api/v1/users/me/tokens', { name: ' ', scope: 'read' })).body.message).toBe(
      ACCOUNT_MESSAGES.tokenNameRequired,
    );
    expect((await owner.post('/api/v1/users/me/tokens', { name: 'x', scope: 'admin' })).status).toBe(400);
    const past = await owner.post('/api/v1/users/me/tokens', {
      name: 'x',
      scope: 'read',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(ACCOUNT_MESSAGES.tokenExpiryPast);
  });

  it('lets a read token read and refuses it on every state-changing call with 403', async () => {
    const { token } = await newToken('read');
    expect((await withToken(token, 'GET', '/api/v1/files/user-files')).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([png(77)], { type: 'image/png' }), 'a.png');
    for (const [method, url, init] of [
      ['POST', '/api/v1/files/upload', { body: form }],
      ['PATCH', '/api/v1/users/me', { json: { name: 'x' } }],
      ['DELETE', '/api/v1/files/delete/anything', {}],
      ['POST', '/api/v1/users/logout', {}],
    ] as const) {
      const answer = await withToken(token, method, url, init);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.message).toBe(ACCOUNT_MESSAGES.tokenReadOnly);
    }
  });

  it('lets a read-write token upload without an Origin check, but never manage the account', async () => {
    const { token } = await newToken('read-write');
    const form = new FormData();
    form.append('file', new Blob([png(78)], { type: 'image/png' }), 'b.png');
    const upload = await t.client().request('POST', '/api/v1/files/upload', {
      body: form,
      headers: { authorization: `Bearer ${token}`, origin: 'https://elsewhere.example' },
    });
    expect(upload.status).toBe(201);
    expect(upload.body.data.uploadedBy._id).toBe(owner.user!._id);
    const tokenMade = await withToken(token, 'POST', '/api/v1/users/me/tokens', {
      json: { name: 'more', scope: 'read-write' },
    });
    expect(tokenMade.status).toBe(403);
    expect(tokenMade.body.message).toBe(ACCOUNT_MESSAGES.bearerNotAllowed);
    const password = await withToken(token, 'POST', '/api/v1/users/me/password', {
      json: { currentPassword: 'Zebra-Horse-77', newPassword: 'Another-Horse-88' },
    });
    expect(password.status).toBe(403);
  });

  it('refuses a bearer token sent together with cookies with 400', async () => {
    const { token } = await newToken('read-write');
    const both = await owner.get('/api/v1/users/me', { authorization: `Bearer ${token}` });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(ACCOUNT_MESSAGES.bearerWithCookie);
  });

  it('refuses an unknown, revoked or expired token at once with 401', async () => {
    const unknown = await withToken('cst_not-a-real-token', 'GET', '/api/v1/users/me');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    // A malformed bearer header is a bearer request too: refused, never judged by a cookie instead.
    const malformed = await t.client().request('POST', '/api/v1/users/logout', {
      headers: { authorization: 'Bearer two words', origin: 'https://elsewhere.example' },
    });
    expect(malformed.status).toBe(401);

    const { id, token } = await newToken('read');
    expect((await withToken(token, 'GET', '/api/v1/users/me')).status).toBe(200);
    const revoked = await owner.delete(`/api/v1/users/me/tokens/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(ACCOUNT_MESSAGES.tokenRevoked);
    expect((await withToken(token, 'GET', '/api/v1/users/me')).status).toBe(401);
    expect((await owner.delete(`/api/v1/users/me/tokens/${id}`)).status).toBe(404);

    const soon = await newToken('read', new Date(t.clock.now() + 3_600_000).toISOString());
    expect((await withToken(soon.token, 'GET', '/api/v1/users/me')).status).toBe(200);
    // The expiry passes (moved in the database rather than waited for): the very next request is refused.
    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('id', '=', soon.id)
      .execute();
    expect((await withToken(soon.token, 'GET', '/api/v1/users/me')).status).toBe(401);
  });

  it("does not let one account revoke or see another account's tokens", async () => {
    const { id, token } = await newToken('read');
    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.delete(`/api/v1/users/me/tokens/${id}`)).status).toBe(404);
    expect((await stranger.get('/api/v1/users/me/tokens')).body.data).toEqual([]);
    expect((await withToken(token, 'GET', '/api/v1/users/me')).status).toBe(200);
    expect((await t.client().get('/api/v1/users/me/tokens')).body.message).toBe(MESSAGES.notSignedIn);
  });
});
