import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { newAccount, strongPassword, type TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Registration must say when an email is taken (409), which lets anyone test whether an address has an
 * account. A strict per-address limit keeps that to a handful of probes per hour.
 */
describe.each(DIALECTS)('registrations are limited per client address and hour (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { REGISTER_RATE_LIMIT_PER_HOUR: '3', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => t.close());

  const registerFrom = (ip: string, account = newAccount()) =>
    t
      .client()
      .request('POST', '/api/v1/users/register', { json: account, headers: { 'x-forwarded-for': ip } });

  it('refuses the fourth registration attempt in an hour from one address, taken emails included', async () => {
    const taken = newAccount();
    expect((await registerFrom('198.51.100.7', taken)).status).toBe(201);
    expect((await registerFrom('198.51.100.7', taken)).status).toBe(409);
    expect((await registerFrom('198.51.100.7')).status).toBe(201);
    const refused = await registerFrom('198.51.100.7', taken);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address has its own budget, and signing in is not affected.
    expect((await registerFrom('198.51.100.8')).status).toBe(201);
    const login = await t.client().request('POST', '/api/v1/users/login', {
      json: { email: taken.email, password: taken.password },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(login.status).toBe(200);
  });
});

/**
 * A team behind one address (an office's NAT) joins on the invites its administrator made: a registration that
 * presents a valid invite is not counted against the address's hourly limit, though the per-minute limit
 * still applies, and an invite already used counts like no invite.
 */
describe.each(DIALECTS)('registrations with an invite are not limited per hour (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { REGISTER_RATE_LIMIT_PER_HOUR: '2', AUTH_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' },
    });
    const email = newAccount().email;
    await t.services.accounts.makeAdmin({ email, password: strongPassword });
    admin = t.client();
    expect((await admin.login(email, strongPassword)).status).toBe(200);
  });
  afterAll(() => t.close());

  const office = '203.0.113.90';
  const registerFrom = (invite?: string | null) =>
    t.client().request('POST', '/api/v1/users/register', {
      json: { ...newAccount(), ...(invite && { invite }) },
      headers: { 'x-forwarded-for': office },
    });
  const invites = async (count: number) => {
    const made = await admin.post('/api/v1/admin/invites', { count });
    expect(made.status).toBe(201);
    return (made.body.data.invites as { url: string }[]).map((l) =>
      new URL(l.url, 'http://x').searchParams.get('invite'),
    );
  };

  it('lets a whole office register on invites after the hourly limit, within the per-minute one', async () => {
    expect((await registerFrom()).status).toBe(201);
    expect((await registerFrom()).status).toBe(201);
    expect((await registerFrom()).status).toBe(429);
    // Five colleagues with invites in the same minute: the per-minute limit (5) is the only one that counts.
    const team = await invites(6);
    for (const invite of team.slice(0, 2)) expect((await registerFrom(invite)).status).toBe(201);
    // The per-minute count holds the 3 attempts above and these 2: the next one waits for the next minute.
    const tooFast = await registerFrom(team[2]);
    expect(tooFast.status).toBe(429);
    expect(tooFast.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    t.clock.advance(61_000);
    for (const invite of team.slice(2)) expect((await registerFrom(invite)).status).toBe(201);
    // An invite already used is no invite: the hourly limit refuses it.
    const reused = await registerFrom(team[0]);
    expect(reused.status).toBe(429);
    // On an invite-only instance the hourly limit applies the same, and a used invite is then refused.
    await admin.patch('/api/v1/admin/settings', { registration: 'invite' });
    t.clock.advance(61 * 60_000);
    const afterTheHour = await registerFrom(team[0]);
    expect(afterTheHour.status).toBe(403);
    expect(afterTheHour.body.message).toBe(ACCOUNT_MESSAGES.inviteUsed);
    const more = await invites(3);
    for (const invite of more) expect((await registerFrom(invite)).status).toBe(201);
  });
});
