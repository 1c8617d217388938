import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { postBurst, type BurstAnswer } from '../helpers/raw-burst';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, strongPassword } from '../helpers/test-client';

const BURST = 60;
const tally = (answers: BurstAnswer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

/**
 * A burst of guesses arriving in the same instant: every one is counted before its secret is checked, so no
 * more than the limit are checked, whatever the order they are answered in. (Checked first and counted after,
 * all 60 were checked and the right password among them got in.)
 */
describe.each(DIALECTS)('a burst of simultaneous guesses checks at most the limit (%s)', (dialect) => {
  let t: TestApp;
  let linkToken: string;
  beforeAll(async () => {
    // Behind a trusted proxy, so the burst can come from one address or from many.
    t = await startTestApp(dialect, { env: { TRUST_PROXY: 'true', LOGIN_LOCKOUT_FAILURES: '10' } });
    const owner = t.client();
    await owner.signUp();
    const fileId = (await owner.upload({ bytes: png(7), filename: 'secret', isPublic: false })).body.data._id;
    const link = await owner.post(`/api/v1/files/f/${fileId}/links`, { password: 'correct horse' });
    linkToken = link.body.data.token;
  });
  afterAll(() => t.close());

  const unlockBurst = (addressOf: (i: number) => string, rightAt: number) =>
    postBurst(
      Array.from({ length: BURST }, (_, i) => ({
        baseUrl: t.baseUrl,
        path: `/api/v1/s/${linkToken}/unlock`,
        json: { password: i === rightAt ? 'correct horse' : `wrong guess ${i}` },
        headers: { 'x-forwarded-for': addressOf(i) },
      })),
    );

  const expectRefusedAsTooMany = (answers: BurstAnswer[], message: string, code: string) => {
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ message, code });
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
  };

  it('link passwords: 10 checks per address, the right one among 60 included', async () => {
    const answers = await unlockBurst(() => '203.0.113.70', 31);
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBe(10);
    expect(counts[429], JSON.stringify(counts)).toBe(BURST - 10);
    expectRefusedAsTooMany(answers, LINK_MESSAGES.linkTooManyAttempts, 'RATE_LIMITED');
    // The window is still closed for the address afterwards, the right password included.
    const after = await t.client().request('POST', `/api/v1/s/${linkToken}/unlock`, {
      json: { password: 'correct horse' },
      headers: { 'x-forwarded-for': '203.0.113.70' },
    });
    expect(after.status).toBe(429);
  });

  it('link passwords: 20 checks per link from 60 addresses at once', async () => {
    t.clock.advance(16 * 60_000);
    const answers = await unlockBurst((i) => `198.51.100.${i + 1}`, -1);
    const counts = tally(answers);
    expect(counts[401], JSON.stringify(counts)).toBe(20);
    expect(counts[429], JSON.stringify(counts)).toBe(BURST - 20);
    expectRefusedAsTooMany(answers, LINK_MESSAGES.linkTooManyAttempts, 'RATE_LIMITED');
    // Once the window has passed, the owner's visitors get in again.
    t.clock.advance(16 * 60_000);
    const later = await t.client().request('POST', `/api/v1/s/${linkToken}/unlock`, {
      json: { password: 'correct horse' },
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(later.status).toBe(200);
  });

  it('sign-in: 10 passwords checked of 60 sent at once to one account, then it is locked', async () => {
    const victim = newAccount();
    await t.client().register(victim);
    const answers = await postBurst(
      Array.from({ length: BURST }, (_, i) => ({
        baseUrl: t.baseUrl,
        path: '/api/v1/users/login',
        json: { email: victim.email, password: `Wrong-Guess-${i}` },
        headers: { 'x-forwarded-for': '203.0.113.80' },
      })),
    );
    const counts = tally(answers);
    expect(counts[401], JSON.stringify(counts)).toBe(10);
    expect(counts[429], JSON.stringify(counts)).toBe(BURST - 10);
    expectRefusedAsTooMany(answers, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
    const locked = await t.client().request('POST', '/api/v1/users/login', {
      json: { email: victim.email, password: victim.password },
      headers: { 'x-forwarded-for': '203.0.113.80' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('second factor: 10 codes checked of 60 sent at once with one pending sign-in', async () => {
    const c = t.client();
    const me = await c.signUp();
    const { secret } = (await c.post('/api/v1/users/me/totp')).body.data;
    const code = await generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
    expect((await c.post('/api/v1/users/me/totp/enable', { code })).status).toBe(200);
    const browser = t.client();
    expect((await browser.login(me.email, strongPassword)).body.data).toEqual({ totpRequired: true });
    // Wrong codes only: none of the steps the server accepts now (one either side).
    const now = Math.floor(t.clock.now() / 1000);
    const valid = new Set(
      await Promise.all([-60, -30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d }))),
    );
    const wrong = Array.from({ length: BURST * 2 }, (_, i) => String(100_000 + i)).filter(
      (x) => !valid.has(x),
    );
    const answers = await postBurst(
      Array.from({ length: BURST }, (_, i) => ({
        baseUrl: t.baseUrl,
        path: '/api/v1/users/login/totp',
        json: { code: wrong[i] },
        headers: { cookie: browser.cookieHeader() },
      })),
    );
    const counts = tally(answers);
    expect(counts[401], JSON.stringify(counts)).toBe(10);
    expect(counts[429], JSON.stringify(counts)).toBe(BURST - 10);
    expectRefusedAsTooMany(answers, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
  });
});
