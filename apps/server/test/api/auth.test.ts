import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, strongPassword } from '../helpers/test-client';

describe.each(DIALECTS)('accounts and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('makes the first account admin and every later one a user, whatever role the client sends', async () => {
    const first = await t.client().register(newAccount());
    expect(first.answer.status).toBe(201);
    expect(first.answer.body).toMatchObject({ message: MESSAGES.registerSuccess, data: { role: 'admin' } });
    const second = await t
      .client()
      .register({ ...newAccount(), role: 'admin' } as ReturnType<typeof newAccount>);
    expect(second.answer.status).toBe(201);
    expect(second.answer.body.data.role).toBe('user');
    expect(second.answer.body.data).not.toHaveProperty('password');
    expect(JSON.stringify(second.answer.body)).not.toMatch(/argon2|password_hash/);
  });

  it.each([
    [{ name: '  ' }, 'name', MESSAGES.nameRequired],
    [{ email: 'nope' }, 'email', MESSAGES.emailInvalid],
    [{ password: 'short1A' }, 'password', MESSAGES.passwordRule],
    [{ password: 'nouppercase1' }, 'password', MESSAGES.passwordRule],
    [{ password: 'Password1' }, 'password', MESSAGES.passwordTooCommon],
  ])('refuses registration %o with 400 and the hint', async (override, path, message) => {
    const { answer } = await t.client().register({ ...newAccount(), ...override });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toBe(message);
    expect(answer.body.details).toContainEqual({ path, message });
  });

  it('refuses a second account with the same email, whatever its case, with 409', async () => {
    const account = newAccount();
    expect((await t.client().register(account)).answer.status).toBe(201);
    const again = await t.client().register({ ...account, email: account.email.toUpperCase() });
    expect(again.answer.status).toBe(409);
    expect(again.answer.body).toMatchObject({ message: MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it('signs in with a secure session cookie and answers /me', async () => {
    const c = t.client();
    const account = newAccount();
    await c.register(account);
    const login = await c.post('/api/v1/users/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(MESSAGES.loginSuccess);
    const cookie = login.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^cloudstash_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const me = await c.get('/api/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: account.email, name: account.name, role: 'user' });
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const account = newAccount();
    await t.client().register(account);
    const wrong = await t.client().login(account.email, 'Wrong-Password-1');
    const unknown = await t.client().login(`nobody-${account.email}`, strongPassword);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'UNAUTHENTICATED' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a login without fields with 400', async () => {
    const answer = await t.client().post('/api/v1/users/login', { email: 'a@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].path).toBe('password');
  });

  it('answers /me with 401 when signed out, and logout ends the session on the next request', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/users/me')).status).toBe(401);
    await c.signUp();
    const token = (c as unknown as { cookies: Map<string, string> }).cookies.get('cloudstash_session')!;
    const out = await c.post('/api/v1/users/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/cloudstash_session=;/);
    const replay = await t.client().get('/api/v1/users/me', { cookie: `cloudstash_session=${token}` });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: MESSAGES.notSignedIn, code: 'UNAUTHENTICATED' });
  });

  it('gives a new token at every login', async () => {
    const c = t.client();
    const me = await c.signUp();
    const first = (c as unknown as { cookies: Map<string, string> }).cookies.get('cloudstash_session');
    await c.login(me.email, me.password);
    const second = (c as unknown as { cookies: Map<string, string> }).cookies.get('cloudstash_session');
    expect(second).not.toBe(first);
  });

  it('refuses state-changing requests from a foreign origin with 403', async () => {
    const account = newAccount();
    const crossSite = await t.client().request('POST', '/api/v1/users/register', {
      json: account,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: MESSAGES.crossSite, code: 'CROSS_SITE' });
    const viaFetchMetadata = await t.client().request('POST', '/api/v1/users/register', {
      json: account,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(viaFetchMetadata.status).toBe(403);
    // Nothing was created: the same account can still register.
    expect((await t.client().register(account)).answer.status).toBe(201);
    const sameOrigin = await t.client().request('POST', '/api/v1/users/login', {
      json: { email: account.email, password: account.password },
      headers: { origin: t.baseUrl },
    });
    expect(sameOrigin.status).toBe(200);
  });
});
