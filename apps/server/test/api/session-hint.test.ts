import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The Set-Cookie line for the hint in an answer, if any. */
const hintOf = (headers: Headers) =>
  headers.getSetCookie().find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=`));
const cleared = (line: string | undefined) => !!line && /max-age=0|expires=thu, 01 jan 1970/i.test(line);

describe.each(DIALECTS)('the page-readable hint that a session may exist (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('comes with a sign-in, readable by the page, and goes with the sign-out', async () => {
    const browser = t.client();
    const { email, password } = await browser.signUp({ name: 'Hinted' });
    const signIn = await browser.post('/api/v1/users/login', { email, password });
    expect(signIn.status).toBe(200);
    const hint = hintOf(signIn.headers);
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/httponly/i);
    expect(cleared(hint)).toBe(false);

    // The API's answers are unchanged: who is signed in, then 401 once signed out.
    expect((await browser.get('/api/v1/users/me')).status).toBe(200);
    const signOut = await browser.post('/api/v1/users/logout');
    expect(cleared(hintOf(signOut.headers))).toBe(true);
    expect((await browser.get('/api/v1/users/me')).status).toBe(401);
  });

  it('is given to a session that lacks it, and taken from a browser whose session is gone', async () => {
    const browser = t.client();
    await browser.signUp({ name: 'Older session' });
    const session = browser
      .cookieHeader()
      .split('; ')
      .filter((pair) => !pair.startsWith(`${SESSION_HINT_COOKIE}=`))
      .join('; ');
    const withoutHint = await fetch(new URL('/api/v1/users/me', t.baseUrl), { headers: { cookie: session } });
    expect(withoutHint.status).toBe(200);
    expect(hintOf(withoutHint.headers)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));

    const stale = await fetch(new URL('/api/v1/users/me', t.baseUrl), {
      headers: { cookie: `${SESSION_HINT_COOKIE}=1` },
    });
    expect(stale.status).toBe(401);
    expect(cleared(hintOf(stale.headers))).toBe(true);
  });
});
