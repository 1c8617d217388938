import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { newAccount } from '../helpers/test-client';
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
