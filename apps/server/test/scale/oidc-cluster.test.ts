import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase } from '../helpers/dialects';
import { signInAtIdp } from '../helpers/oidc-flow';
import { startTestIdp, type IdpPerson, type TestIdp } from '../helpers/oidc-idp';
import { TestClient, newAccount } from '../helpers/test-client';
import { postgresAvailable } from './postgres-gate';

const RUN = postgresAvailable('single sign-on across processes (2 processes, PostgreSQL)');

/**
 * Behind a load balancer the callback may reach another process than the start did: the flow travels sealed
 * in the browser's cookie under the deployment's APP_SECRET, and identities live in the shared database.
 */
describe.runIf(RUN)('single sign-on across two processes', { timeout: 120_000 }, () => {
  let idp: TestIdp;
  let database: { url: string; drop: () => Promise<void> };
  const servers: ChildServer[] = [];
  const dataDirs: string[] = [];
  let admin: TestClient;

  beforeAll(async () => {
    idp = await startTestIdp();
    database = await createPostgresDatabase();
    const shared = { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('hex') };
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-oidc-'));
      dataDirs.push(dataDir);
      servers.push(await startChildServer({ ...shared, ...idp.env(true), DATA_DIR: dataDir }));
    }
    idp.register(servers.map((s) => `${s.baseUrl}/api/v1/auth/oidc/callback`));
    admin = new TestClient(servers[0]!.baseUrl);
    await admin.signUp({ name: 'Admin' });
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    await database?.drop();
    await idp?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts on process `from`, has the provider's answer arrive at process `to`; answers the browser. */
  async function signInAcross(from: number, to: number, who: IdpPerson) {
    const c = new TestClient(servers[from]!.baseUrl);
    const callback = await signInAtIdp(c, idp, who);
    const answer = await c.get(new URL(callback.pathname + callback.search, servers[to]!.baseUrl).href);
    return { c, answer };
  }

  it('finishes on the other process, and the identity is known there next time', async () => {
    const who: IdpPerson = { sub: crypto.randomUUID(), email: newAccount().email, emailVerified: true };
    const first = await signInAcross(0, 1, who);
    expect(first.answer.status).toBe(302);
    expect(first.answer.headers.get('location')).toBe('/dashboard');
    const me = await first.c.get(`${servers[1]!.baseUrl}/api/v1/users/me`);
    expect(me.body.data.email).toBe(who.email);

    const second = await signInAcross(1, 0, { ...who, email: newAccount().email });
    expect(second.answer.headers.get('location')).toBe('/dashboard');
    expect((await second.c.get(`${servers[0]!.baseUrl}/api/v1/users/me`)).body.data._id).toBe(
      me.body.data._id,
    );
  });

  it('links an existing account only from its own session, on either process, and ends its other access', async () => {
    const [a, b] = servers.map((s) => s.baseUrl) as [string, string];
    const owner = new TestClient(a);
    const account = await owner.signUp();
    const elsewhere = new TestClient(b);
    expect((await elsewhere.login(account.email, account.password)).status).toBe(200);
    const token = (await owner.post('/api/v1/users/me/tokens', { name: 'script', scope: 'read-write' })).body
      .data.token as string;
    const who: IdpPerson = { sub: crypto.randomUUID(), email: account.email, emailVerified: true };

    // Not signed in: refused on the process the callback reaches, nothing linked there or on the other.
    const refused = await signInAcross(0, 1, who);
    expect(refused.answer.headers.get('location')).toBe('/login?sso_error=link_required');
    expect((await signInAcross(1, 0, who)).answer.headers.get('location')).toBe(
      '/login?sso_error=link_required',
    );

    // The owner's browser, started on one process and finished on the other: linked.
    const callback = await signInAtIdp(owner, idp, who);
    const linked = await owner.get(new URL(callback.pathname + callback.search, b).href);
    expect(linked.headers.get('location')).toBe('/dashboard');
    expect((await owner.get(`${a}/api/v1/users/me`)).body.data._id).toBe(account._id);
    // The other session and the token are gone on both processes.
    expect((await elsewhere.get(`${a}/api/v1/users/me`)).status).toBe(401);
    expect((await elsewhere.get(`${b}/api/v1/users/me`)).status).toBe(401);
    for (const base of [a, b]) {
      const answer = await new TestClient(base).get('/api/v1/users/me', { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
    }
    // And the identity now signs in from a fresh browser, on either process.
    const fresh = await signInAcross(1, 0, who);
    expect(fresh.answer.headers.get('location')).toBe('/dashboard');
  });

  it('holds invite-only across processes: a new identity needs an invite, used once', async () => {
    expect((await admin.patch('/api/v1/admin/settings', { registration: 'invite' })).status).toBe(200);
    try {
      const without = await signInAcross(1, 0, {
        sub: crypto.randomUUID(),
        email: newAccount().email,
        emailVerified: true,
      });
      expect(without.answer.headers.get('location')).toBe('/login?sso_error=invite_required');
      const invite = (await admin.post('/api/v1/admin/invites')).body.data.url.split('invite=')[1] as string;
      const start = `/api/v1/auth/oidc/start?invite=${invite}`;
      const results: string[] = [];
      for (const [from, to] of [
        [1, 0],
        [0, 1],
      ] as const) {
        const c = new TestClient(servers[from]!.baseUrl);
        const who = { sub: crypto.randomUUID(), email: newAccount().email, emailVerified: true };
        const callback = await signInAtIdp(c, idp, who, start);
        const answer = await c.get(new URL(callback.pathname + callback.search, servers[to]!.baseUrl).href);
        results.push(answer.headers.get('location')!);
      }
      expect(results).toEqual(['/dashboard', '/login?sso_error=invite_invalid']);
    } finally {
      await admin.patch('/api/v1/admin/settings', { registration: 'open' });
    }
  });
});
