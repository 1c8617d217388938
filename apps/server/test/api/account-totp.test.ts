import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { strongPassword, type TestClient } from '../helpers/test-client';

const STEP = 30_000;
/**
 * An instant well inside a 30-second step, so "one step either side" is unambiguous; a day ahead, so moving the
 * app's clock there never moves it back past the sessions and counters it already made.
 */
const T0 = Math.ceil((Date.now() + 86_400_000) / STEP) * STEP + 15_000;

describe.each(DIALECTS)('two-factor sign-in (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { LOGIN_LOCKOUT_FAILURES: '5' } });
    await t.client().signUp({ name: 'Admin' });
  });
  afterAll(() => t.close());
  const setClock = (ms: number) => t.clock.set(ms);
  const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

  /** An account with two-factor on (confirmed at T0); answers its secret and recovery codes. */
  async function withTotp(c: TestClient) {
    const me = await c.signUp();
    setClock(T0);
    const setup = await c.post('/api/v1/users/me/totp');
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/CloudStash:.+\?.*secret=/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const enabled = await c.post('/api/v1/users/me/totp/enable', { code: await codeAt(secret, T0) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(ACCOUNT_MESSAGES.totpEnabled);
    const recoveryCodes: string[] = enabled.body.data.recoveryCodes;
    return { me, secret, recoveryCodes };
  }

  /** Password step of a sign-in; answers the browser holding the pending cookie. */
  async function passwordStep(email: string) {
    const c = t.client();
    const login = await c.post('/api/v1/users/login', { email, password: strongPassword });
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({ totpRequired: true });
    return { c, login };
  }

  it('sets up with a secret confirmed by a code and gives 10 distinct single-use recovery codes once', async () => {
    const c = t.client();
    const { recoveryCodes } = await withTotp(c);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const status = await c.get('/api/v1/users/me/totp');
    expect(status.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(recoveryCodes[0]);
    expect((await c.post('/api/v1/users/me/totp')).status).toBe(409);
  });

  it('refuses to confirm set-up with a wrong code, or without starting it', async () => {
    const c = t.client();
    await c.signUp();
    const early = await c.post('/api/v1/users/me/totp/enable', { code: '123456' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ACCOUNT_MESSAGES.totpNoPendingSetup);
    setClock(T0);
    const { secret } = (await c.post('/api/v1/users/me/totp')).body.data;
    const wrong = await c.post('/api/v1/users/me/totp/enable', { code: await codeAt(secret, T0 + 5 * STEP) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.totpCodeInvalid);
    expect((await c.get('/api/v1/users/me/totp')).body.data.enabled).toBe(false);
  });

  it('answers totpRequired with an httpOnly pending cookie and no session, then a code completes the sign-in', async () => {
    const { me, secret } = await withTotp(t.client());
    const { c, login } = await passwordStep(me.email);
    const cookies = login.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^cloudstash_totp=[^;]+;.*HttpOnly/i);
    expect(cookies[0]).not.toMatch(/cloudstash_session/);
    expect((await c.get('/api/v1/users/me')).status).toBe(401);

    setClock(T0 + 2 * STEP);
    const done = await c.post('/api/v1/users/login/totp', { code: await codeAt(secret, T0 + 2 * STEP) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: MESSAGES.loginSuccess, data: { email: me.email } });
    expect((await c.get('/api/v1/users/me')).status).toBe(200);
  });

  it('accepts a code of the step before or after, refuses two steps away, and never the same step twice', async () => {
    const { me, secret } = await withTotp(t.client());
    const now = T0 + 10 * STEP;
    setClock(now);
    const tooOld = await passwordStep(me.email);
    const old = await tooOld.c.post('/api/v1/users/login/totp', {
      code: await codeAt(secret, now - 2 * STEP),
    });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(ACCOUNT_MESSAGES.totpCodeInvalid);
    const tooNew = await tooOld.c.post('/api/v1/users/login/totp', {
      code: await codeAt(secret, now + 2 * STEP),
    });
    expect(tooNew.status).toBe(401);

    const before = await passwordStep(me.email);
    const previousStep = await codeAt(secret, now - STEP);
    expect((await before.c.post('/api/v1/users/login/totp', { code: previousStep })).status).toBe(200);
    // The same code again, by someone who saw it: refused, though still inside its window.
    const replay = await passwordStep(me.email);
    expect((await replay.c.post('/api/v1/users/login/totp', { code: previousStep })).status).toBe(401);
    const current = await codeAt(secret, now);
    expect((await replay.c.post('/api/v1/users/login/totp', { code: current })).status).toBe(200);
    const replayCurrent = await passwordStep(me.email);
    expect((await replayCurrent.c.post('/api/v1/users/login/totp', { code: current })).status).toBe(401);
    const after = await passwordStep(me.email);
    expect(
      (await after.c.post('/api/v1/users/login/totp', { code: await codeAt(secret, now + STEP) })).status,
    ).toBe(200);
  });

  it('completes a sign-in with a recovery code exactly once', async () => {
    const { me, recoveryCodes } = await withTotp(t.client());
    const first = await passwordStep(me.email);
    const used = await first.c.post('/api/v1/users/login/totp', { code: recoveryCodes[3]!.toUpperCase() });
    expect(used.status).toBe(200);
    expect((await first.c.get('/api/v1/users/me/totp')).body.data.recoveryCodesLeft).toBe(9);
    const again = await passwordStep(me.email);
    const reused = await again.c.post('/api/v1/users/login/totp', { code: recoveryCodes[3] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(ACCOUNT_MESSAGES.totpCodeInvalid);
  });

  it('refuses the code step without a pending sign-in, or with a forged one', async () => {
    const { secret } = await withTotp(t.client());
    const bare = await t.client().post('/api/v1/users/login/totp', { code: await codeAt(secret, T0) });
    expect(bare.status).toBe(401);
    expect(bare.body.message).toBe(ACCOUNT_MESSAGES.totpPendingMissing);
    const forged = await t.client().request('POST', '/api/v1/users/login/totp', {
      json: { code: '123456' },
      headers: { cookie: `cloudstash_totp=${t.client().user?._id ?? 'x'}.9999999999999.forged` },
    });
    expect(forged.status).toBe(401);
  });

  it('locks the code step after repeated wrong codes, like passwords', async () => {
    const { me, secret } = await withTotp(t.client());
    const now = T0 + 20 * STEP;
    setClock(now);
    const { c } = await passwordStep(me.email);
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/v1/users/login/totp', { code: '000000' })).status).toBe(401);
    }
    const locked = await c.post('/api/v1/users/login/totp', { code: await codeAt(secret, now) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MESSAGES.accountLocked);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // When the lockout window has passed (and with it the pending sign-in), a right code works again.
    setClock(now + 16 * 60_000);
    const again = (await passwordStep(me.email)).c;
    const later = await again.post('/api/v1/users/login/totp', {
      code: await codeAt(secret, now + 16 * 60_000),
    });
    expect(later.status).toBe(200);
  });

  it('turns off only with the password and a code; sign-in then needs the password alone', async () => {
    const c = t.client();
    const { me, secret } = await withTotp(c);
    const now = T0 + 40 * STEP;
    setClock(now);
    const noPassword = await c.request('DELETE', '/api/v1/users/me/totp', {
      json: { password: 'Wrong-Password-1', code: await codeAt(secret, now) },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe(ACCOUNT_MESSAGES.passwordWrong);
    const noCode = await c.request('DELETE', '/api/v1/users/me/totp', {
      json: { password: strongPassword, code: '000000' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe(ACCOUNT_MESSAGES.totpCodeInvalid);
    const off = await c.request('DELETE', '/api/v1/users/me/totp', {
      json: { password: strongPassword, code: await codeAt(secret, now) },
    });
    expect(off.status).toBe(200);
    expect((await c.get('/api/v1/users/me/totp')).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const login = await t.client().login(me.email, strongPassword);
    expect(login.status).toBe(200);
    expect(login.body.data.email).toBe(me.email);
  });
});
