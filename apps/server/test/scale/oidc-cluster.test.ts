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
    await new TestClient(servers[0]!.baseUrl).signUp({ name: 'Admin' });
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
});
