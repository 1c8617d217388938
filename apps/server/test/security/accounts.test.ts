import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { loginDelayMs } from '../../src/services/accounts/sign-in';
import { hashToken } from '../../src/services/sessions';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { newAccount, strongPassword, type TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tokenOf = (c: TestClient) =>
  [...(c as unknown as { cookies: Map<string, string> }).cookies.values()][0]!;

describe.each(DIALECTS)('accounts and sessions, hardened (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { SESSION_IDLE_DAYS: '1', SESSION_TTL_DAYS: '2' } });
    await t.client().signUp(); // the instance's admin
  });
  afterAll(() => t.close());

  const userRow = (email: string) =>
    t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  describe('passwords', () => {
    it('stores only an Argon2id hash with m=19456 KiB, t=2, p=1 (or more)', async () => {
      const account = newAccount();
      await t.client().register(account);
      const row = await userRow(account.email);
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row.password_hash);
      expect(match, row.password_hash.slice(0, 30)).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
      expect(Number(match![2])).toBeGreaterThanOrEqual(2);
      expect(Number(match![3])).toBeGreaterThanOrEqual(1);
      expect(row.password_hash).not.toContain(account.password);
    });

    it.each(['Password123', 'Iloveyou1', 'Passw0rd', 'Qwerty123'])(
      'refuses the common password %s with the clear message',
      async (password) => {
        const { answer } = await t.client().register(newAccount({ password }));
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(MESSAGES.passwordTooCommon);
      },
    );

    it('accepts 128 characters of any Unicode (astral ones included) and checks every one of them', async () => {
      // 128 code points: 253 UTF-16 units, 500 bytes of UTF-8.
      const password = `Aa1${'😀'.repeat(60)}${'密'.repeat(40)}${'ß'.repeat(25)}`;
      expect([...password]).toHaveLength(128);
      const account = newAccount({ password });
      const { answer } = await t.client().register(account);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect((await t.client().login(account.email, password)).status).toBe(200);
      const chars = [...password];
      for (const wrong of [
        chars.slice(0, 127).join(''), // one character short
        [...chars.slice(0, 127), '😁'].join(''), // the last character differs
        password.replace('Aa1', 'aA1'), // case counts
      ]) {
        expect((await t.client().login(account.email, wrong)).status).toBe(401);
      }
      // No trimming: with a trailing space it is one character too many, refused before any hashing.
      const padded = await t.client().login(account.email, `${password} `);
      expect(padded.status).toBe(400);
      expect(padded.body.message).toBe(MESSAGES.passwordTooLong);
    });

    it('refuses 129 characters with the length message', async () => {
      const { answer } = await t.client().register(newAccount({ password: `Aa1${'😀'.repeat(126)}` }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.passwordTooLong);
    });
  });

  describe('sessions', () => {
    it('hands out a 256-bit token and stores only its SHA-256', async () => {
      const c = t.client();
      await c.signUp();
      const token = tokenOf(c);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.db.selectFrom('sessions').selectAll().execute();
      expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('sets the cookie HttpOnly, SameSite=Lax, Path=/ and expiring at the configured absolute lifetime', async () => {
      const c = t.client();
      const account = newAccount();
      await c.register(account);
      const login = await c.post('/api/v1/users/login', { email: account.email, password: account.password });
      const cookie = login.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^cloudstash_session=/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
      // Plain http: no Secure flag, no __Host- prefix, no HSTS.
      expect(cookie).not.toMatch(/; Secure/i);
      expect(login.headers.get('strict-transport-security')).toBeNull();
      const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
      expect(Math.abs(expires - (t.clock.now() + 2 * 86_400_000))).toBeLessThan(60_000);
    });

    it('ends a session idle for longer than the configured idle time, on the next request', async () => {
      const c = t.client();
      await c.signUp();
      const hash = hashToken(tokenOf(c));
      t.clock.advance(23 * 3_600_000);
      expect((await c.get('/api/v1/users/me')).status).toBe(200);
      t.clock.advance(24 * 3_600_000 + 1000);
      expect((await c.get('/api/v1/users/me')).status).toBe(401);
      expect(
        await t.db
          .selectFrom('sessions')
          .select('token_hash')
          .where('token_hash', '=', hash)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it('ends a session at its absolute expiry, however active it is', async () => {
      const c = t.client();
      await c.signUp();
      // Used every 20 hours (well within the 1-day idle time) until past the 2-day lifetime.
      t.clock.advance(20 * 3_600_000);
      expect((await c.get('/api/v1/users/me')).status).toBe(200);
      t.clock.advance(20 * 3_600_000);
      expect((await c.get('/api/v1/users/me')).status).toBe(200);
      t.clock.advance(8 * 3_600_000 + 1000);
      expect((await c.get('/api/v1/users/me')).status).toBe(401);
    });

    it('applies a demotion from admin on the very next request', async () => {
      const c = t.client();
      const me = await c.signUp();
      await t.services.accounts.makeAdmin({ email: me.email });
      expect((await c.get('/api/v1/admin/users')).status).toBe(200);
      await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', me._id).execute();
      expect((await c.get('/api/v1/admin/users')).status).toBe(403);
    });

    it("applies an account's removal on the very next request", async () => {
      const c = t.client();
      const me = await c.signUp();
      expect((await c.get('/api/v1/users/me')).status).toBe(200);
      await t.db.deleteFrom('users').where('id', '=', me._id).execute();
      const after = await c.get('/api/v1/users/me');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: MESSAGES.notSignedIn, code: 'UNAUTHENTICATED' });
    });

    it('makes a replayed token useless after logout', async () => {
      const c = t.client();
      await c.signUp();
      const cookie = `cloudstash_session=${tokenOf(c)}`;
      expect((await c.post('/api/v1/users/logout')).status).toBe(200);
      expect((await t.client().get('/api/v1/users/me', { cookie })).status).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    const foreign = [
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin: null (sandboxed page)', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site without Origin (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site: none without Origin (a navigation no page started)', { 'sec-fetch-site': 'none' }],
      ['a look-alike origin', { origin: `${'http://127.0.0.1'}.evil.example` }],
    ] as const;

    it.each(foreign)('refuses a multipart upload with %s (403, nothing stored)', async (_label, headers) => {
      const c = t.client();
      await c.signUp();
      const form = new FormData();
      form.append('file', new Blob([png(31)], { type: 'image/png' }), 'csrf.png');
      const answer = await c.request('POST', '/api/v1/files/upload', { body: form, headers: { ...headers } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: MESSAGES.crossSite, code: 'CROSS_SITE' });
      expect((await c.get('/api/v1/files/stats')).body.data.totalFiles).toBe(0);
    });

    it.each(foreign)(
      'refuses rename, delete and logout with %s, changing nothing',
      async (_label, headers) => {
        const c = t.client();
        await c.signUp();
        const id = (await c.upload({ bytes: png(32), filename: 'kept' })).body.data._id;
        const rename = await c.request('PATCH', `/api/v1/files/update/${id}`, {
          json: { filename: 'pwned', isPublic: true },
          headers: { ...headers },
        });
        const remove = await c.request('DELETE', `/api/v1/files/delete/${id}`, { headers: { ...headers } });
        const logout = await c.request('POST', '/api/v1/users/logout', { headers: { ...headers } });
        expect([rename.status, remove.status, logout.status]).toEqual([403, 403, 403]);
        const file = await c.get(`/api/v1/files/f/${id}`);
        expect(file.status).toBe(200);
        expect(file.body.data).toMatchObject({ filename: 'kept', isPublic: false });
      },
    );

    it('lets the same origin, same-origin fetch metadata and non-browser clients through', async () => {
      const c = t.client();
      await c.signUp();
      const cases: Record<string, string>[] = [
        { origin: t.baseUrl },
        { 'sec-fetch-site': 'same-origin', origin: t.baseUrl },
        { 'sec-fetch-site': 'same-origin' },
        {},
      ];
      for (const [i, headers] of cases.entries()) {
        const form = new FormData();
        form.append('file', new Blob([png(330 + i)]), 'ok.png');
        expect(
          (await c.request('POST', '/api/v1/files/upload', { body: form, headers })).status,
          JSON.stringify(headers),
        ).toBe(201);
      }
    });
  });
});

describe.each(DIALECTS)('login throttling (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { LOGIN_LOCKOUT_FAILURES: '10', LOGIN_LOCKOUT_MINUTES: '15' },
    });
  });
  afterAll(() => t.close());

  it('locks an account after 10 failures in 15 minutes, the right password included, and no other', async () => {
    const victim = newAccount();
    const bystander = newAccount();
    await t.client().register(victim);
    await t.client().register(bystander);
    for (let i = 0; i < 10; i++)
      expect((await t.client().login(victim.email, `Wrong-Guess-${i}`)).status).toBe(401);
    const locked = await t.client().login(victim.email, victim.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: MESSAGES.accountLocked, code: 'ACCOUNT_LOCKED' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers.getSetCookie()).toEqual([]);
    // Someone else's account is not affected.
    expect((await t.client().login(bystander.email, bystander.password)).status).toBe(200);
    // Once the window has passed, the right password works again.
    t.clock.advance(16 * 60_000);
    expect((await t.client().login(victim.email, victim.password)).status).toBe(200);
  });

  it('locks an unknown email the same way, so the lockout does not tell which emails exist', async () => {
    const ghost = `ghost-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 10; i++) expect((await t.client().login(ghost, `Wrong-Guess-${i}`)).status).toBe(401);
    const locked = await t.client().login(ghost, strongPassword);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
  });
});

describe.each(DIALECTS)('nobody can lock someone else out (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { LOGIN_LOCKOUT_FAILURES: '10', LOGIN_LOCKOUT_MINUTES: '15', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => t.close());

  const loginFrom = (ip: string, email: string, password: string) =>
    t.client().request('POST', '/api/v1/users/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': ip },
    });

  it('locks the account only for the address the failures came from', async () => {
    const victim = newAccount();
    await t.client().register(victim);
    for (let i = 0; i < 10; i++)
      expect((await loginFrom('203.0.113.66', victim.email, `Wrong-Guess-${i}`)).status).toBe(401);
    const attacker = await loginFrom('203.0.113.66', victim.email, victim.password);
    expect(attacker.status).toBe(429);
    expect(attacker.body.code).toBe('ACCOUNT_LOCKED');
    // The owner, somewhere else, still signs in: slowed down the longest (5 s), not locked out.
    const owner = await loginFrom('198.51.100.20', victim.email, victim.password);
    expect(owner.status).toBe(200);
    expect(t.clock.slept.at(-1)).toBe(5000);
    // The owner's success does not lift the lock on the address that guessed.
    expect((await loginFrom('203.0.113.66', victim.email, victim.password)).status).toBe(429);
  });
});

describe('the per-account slow-down', () => {
  it('waits nothing before half the lock threshold, then doubles from 250 ms up to 5 s', () => {
    expect([0, 4, 5, 6, 7, 9, 10, 30].map((n) => loginDelayMs(n, 10))).toEqual([
      0, 0, 250, 500, 1000, 4000, 5000, 5000,
    ]);
    expect(loginDelayMs(499, 1000)).toBe(0);
  });
});

describe.each(DIALECTS)('login answers do not tell unknown emails from wrong passwords (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { LOGIN_LOCKOUT_FAILURES: '1000' } });
  });
  afterAll(() => t.close());

  it('gives the same status, body, headers and (within noise) time', async () => {
    const account = newAccount();
    await t.client().register(account);
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await t.client().login(email, 'Wrong-Password-9');
      return { answer, ms: performance.now() - started };
    };
    await timed(account.email); // warm both paths (the dummy hash is made once)
    await timed(`warm-${account.email}`);
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 16; i++) {
      const a = await timed(account.email);
      const b = await timed(`nobody-${i}-${account.email}`);
      expect(a.answer.status).toBe(401);
      expect(b.answer.status).toBe(401);
      expect(b.answer.body).toEqual(a.answer.body);
      const names = (h: Headers) => [...h.keys()].filter((k) => !['date', 'x-request-id'].includes(k)).sort();
      expect(names(b.answer.headers)).toEqual(names(a.answer.headers));
      expect(b.answer.headers.get('content-length')).toBe(a.answer.headers.get('content-length'));
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const ratio = median(unknown) / median(wrong);
    console.log(
      `login timing (${dialect}): wrong password median ${median(wrong).toFixed(1)} ms, unknown email median ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    // Without the dummy hash an unknown email answers in about a millisecond, a ratio near 0.05.
    // The bounds are wide because two cores are shared with other suites; the gap they guard is 20-fold.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('per-IP rate limits key on the real client address', () => {
  it('keeps counting when the client forges X-Forwarded-For (trustProxy off)', async () => {
    const t = await startTestApp('sqlite', { env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      for (const [url, body] of [
        ['/api/v1/users/login', () => ({ email: 'x@example.com', password: 'Whatever-1' })],
        ['/api/v1/users/register', () => newAccount()],
      ] as const) {
        // Every request claims to come from somewhere else; the budget is still the socket's.
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const forged = `203.0.113.${i + 10}`;
          const answer = await t.client().request('POST', url, {
            json: body(),
            headers: { 'x-forwarded-for': forged, 'x-real-ip': forged, forwarded: `for=${forged}` },
          });
          statuses.push(answer.status);
          if (answer.status === 429) {
            expect(answer.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
            expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        }
        expect(statuses.slice(5), url).toEqual([429, 429]);
      }
    } finally {
      await t.close();
    }
  });

  it('honours X-Forwarded-For only when TRUST_PROXY is configured', async () => {
    const t = await startTestApp('sqlite', {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' },
    });
    try {
      const from = (ip: string) =>
        t.client().request('POST', '/api/v1/users/login', {
          json: { email: 'x@example.com', password: 'Whatever-1' },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await from('192.0.2.1')).status).toBe(401);
      expect((await from('192.0.2.1')).status).toBe(401);
      expect((await from('192.0.2.1')).status).toBe(429);
      // Behind a configured proxy, each real client has its own budget.
      expect((await from('192.0.2.2')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('https deployments', () => {
  it('uses the __Host- prefix and Secure, and sends HSTS, when the public origin is https', async () => {
    // The test talks to 127.0.0.1 directly, as a proxy in front of the instance would.
    const t = await startTestApp('sqlite', {
      env: { PUBLIC_ORIGIN: 'https://files.example.org', ALLOWED_HOSTS: '127.0.0.1' },
    });
    try {
      const c = t.client();
      const account = newAccount();
      await c.register(account);
      const login = await c.post('/api/v1/users/login', { email: account.email, password: account.password });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^__Host-cloudstash_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
      expect((await c.get('/api/v1/users/me')).status).toBe(200);
      expect(login.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      // An Origin of the plain-http twin is foreign.
      const downgrade = await c.request('POST', '/api/v1/users/logout', {
        headers: { origin: 'http://files.example.org' },
      });
      expect(downgrade.status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
