import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { strongPassword, type TestClient } from '../helpers/test-client';

const ADMIN_PREFIX = '/api/v1/admin';

/**
 * Every route the running server has registered, read from Fastify's own route tree (`printRoutes`), so a
 * route added later is walked without anyone adding it to a list here.
 */
function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (pathAtDepth[depth - 1] ?? '') + match[2]!;
    pathAtDepth[depth] = path === '/' && depth === 0 ? '' : path;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

describe.each(DIALECTS)("administration needs an administrator's own session (%s)", (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  let adminToken: string;
  let adminRoutes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    user = t.client();
    userId = (await user.signUp())._id;
    const created = await admin.post('/api/v1/users/me/tokens', {
      name: 'admin script',
      scope: 'read-write',
    });
    expect(created.status).toBe(201);
    adminToken = created.body.data.token;
    adminRoutes = registeredRoutes(t.app).filter((r) => r.path.startsWith(`${ADMIN_PREFIX}/`));
  });
  afterAll(() => t.close());

  /** A route's path with its parameters filled in with a real account's id. */
  const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, userId);
  const withToken = (token: string, method: string, url: string, json?: unknown) =>
    t.client().request(method, url, { json, headers: { authorization: `Bearer ${token}` } });

  it('finds the administration routes in the route tree', () => {
    const paths = new Set(adminRoutes.map((r) => `${r.method} ${r.path}`));
    // A few that must be there, to show the walk reads the real tree (the walk itself covers all of them).
    for (const known of [
      'GET /api/v1/admin/users',
      'PATCH /api/v1/admin/users/:id',
      'DELETE /api/v1/admin/users/:id',
      'POST /api/v1/admin/users/:id/reset-link',
      'POST /api/v1/admin/invites',
      'PATCH /api/v1/admin/settings',
      'GET /api/v1/admin/links',
    ]) {
      expect(paths, known).toContain(known);
    }
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses every administration route to a signed-in user (403)', async () => {
    for (const { method, path } of adminRoutes) {
      const answer = await user.request(
        method,
        concrete(path),
        method === 'GET' || method === 'HEAD' ? {} : { json: {} },
      );
      expect(answer.status, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD')
        expect(answer.body, `${method} ${path}`).toEqual({ message: MESSAGES.adminOnly, code: 'FORBIDDEN' });
    }
  });

  it("refuses every administration route to an administrator's read-write token (403)", async () => {
    for (const { method, path } of adminRoutes) {
      const json = method === 'GET' || method === 'HEAD' ? undefined : {};
      const answer = await withToken(adminToken, method, concrete(path), json);
      expect(answer.status, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') {
        expect(answer.body, `${method} ${path}`).toEqual({
          message: ACCOUNT_MESSAGES.adminNeedsSession,
          code: 'FORBIDDEN',
        });
      }
    }
    // Nothing changed: the user is still a user, enabled, and still signed in.
    const me = await user.get('/api/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ role: 'user' });
  });

  it("lets the administrator's own session in", async () => {
    expect((await admin.get(`${ADMIN_PREFIX}/users`)).status).toBe(200);
    expect((await admin.get(`${ADMIN_PREFIX}/settings`)).status).toBe(200);
    expect((await admin.post(`${ADMIN_PREFIX}/invites`)).status).toBe(201);
  });

  it("acts as an ordinary user through a token: no moderation of others' files", async () => {
    const id = (await user.upload({ bytes: png(901), filename: 'theirs.png', isPublic: true })).body.data._id;
    const asToken = await withToken(adminToken, 'DELETE', `/api/v1/files/delete/${id}`);
    // A public file: visible to everyone, changed by its owner alone (403, as for any other user).
    expect(asToken.status).toBe(403);
    const unpublish = await withToken(adminToken, 'PATCH', `/api/v1/files/update/${id}`, {
      filename: 'theirs.png',
      isPublic: false,
    });
    expect(unpublish.status).toBe(403);
    expect((await user.get(`/api/v1/files/f/${id}`)).body.data).toMatchObject({ isPublic: true });
    // The administrator's session still moderates.
    expect((await admin.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
  });
});

describe.each(DIALECTS)('a new password ends the access tokens (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
  });
  afterAll(() => t.close());

  const tokenWorks = async (token: string) =>
    (await t.client().get('/api/v1/users/me', { authorization: `Bearer ${token}` })).status === 200;
  const newToken = async (c: TestClient) =>
    (await c.post('/api/v1/users/me/tokens', { name: 'script', scope: 'read-write' })).body.data
      .token as string;

  it('revokes every token of the account when a reset link is used', async () => {
    const user = t.client();
    const me = await user.signUp();
    const tokens = [await newToken(user), await newToken(user)];
    expect(await tokenWorks(tokens[0]!)).toBe(true);
    const link = await admin.post(`/api/v1/admin/users/${me._id}/reset-link`);
    const resetToken = link.body.data.url.split('/').pop();
    const reset = await t.client().post('/api/v1/users/reset', {
      token: resetToken,
      newPassword: 'Brand-New-Pass-9',
    });
    expect(reset.status).toBe(200);
    for (const token of tokens) {
      const answer = await t.client().get('/api/v1/users/me', { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    }
  });

  it('revokes every token on a password change by default, and keeps them when asked to', async () => {
    const user = t.client();
    await user.signUp();
    const token = await newToken(user);
    const changed = await user.post('/api/v1/users/me/password', {
      currentPassword: strongPassword,
      newPassword: 'Second-Pass-22',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(ACCOUNT_MESSAGES.passwordChangedTokensRevoked);
    expect(await tokenWorks(token)).toBe(false);
    expect((await user.get('/api/v1/users/me/tokens')).body.data).toEqual([]);

    const kept = await newToken(user);
    const keeping = await user.post('/api/v1/users/me/password', {
      currentPassword: 'Second-Pass-22',
      newPassword: 'Third-Pass-33',
      revokeTokens: false,
    });
    expect(keeping.status).toBe(200);
    expect(keeping.body.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect(await tokenWorks(kept)).toBe(true);
  });
});
