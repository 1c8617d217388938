import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_PER_ACCOUNT, ACCOUNT_MESSAGES, SESSIONS_PER_ACCOUNT } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { strongPassword, type Answer, type TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('an account cannot pile up tokens and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp({ name: 'Admin' });
  });
  afterAll(() => t.close());

  const makeToken = (c: TestClient, name: string) =>
    c.post('/api/v1/users/me/tokens', { name, scope: 'read' as const });

  /** Every item of a list, page by page, following `nextCursor`; and how many pages it took. */
  async function readAll(c: TestClient, path: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total = -1;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer: Answer<any> = await c.get(path + query);
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(limit);
      ids.push(...answer.body.data.map((item: { id: string }) => item.id));
      total = answer.body.meta.total;
      cursor = answer.body.meta.nextCursor;
      pages++;
    } while (cursor);
    return { ids, pages, total };
  }

  it(`refuses the token after ${ACCESS_TOKENS_PER_ACCOUNT} with 409, and pages the list`, async () => {
    const c = t.client();
    await c.signUp();
    for (let i = 0; i < ACCESS_TOKENS_PER_ACCOUNT; i++) {
      expect((await makeToken(c, `token ${i}`)).status).toBe(201);
      // A second passes between tokens; the test clock stands still otherwise, and "newest" would be a tie.
      t.clock.advance(1000);
    }
    const refused = await makeToken(c, 'one too many');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: ACCOUNT_MESSAGES.tokenLimitReached, code: 'CONFLICT' });

    const all = await readAll(c, '/api/v1/users/me/tokens', 20);
    expect(all.pages).toBe(3);
    expect(all.total).toBe(ACCESS_TOKENS_PER_ACCOUNT);
    expect(new Set(all.ids).size).toBe(ACCESS_TOKENS_PER_ACCOUNT);
    // The first page is the newest, as before paging.
    const first = await c.get('/api/v1/users/me/tokens?limit=1');
    expect(first.body.data[0].name).toBe(`token ${ACCESS_TOKENS_PER_ACCOUNT - 1}`);

    // Revoking one makes room for one.
    expect((await c.delete(`/api/v1/users/me/tokens/${all.ids[0]}`)).status).toBe(200);
    expect((await makeToken(c, 'replacement')).status).toBe(201);
    expect((await makeToken(c, 'again too many')).status).toBe(409);
  });

  it('holds the cap when many tokens are asked for at once', async () => {
    const c = t.client();
    await c.signUp();
    const already = ACCESS_TOKENS_PER_ACCOUNT - 5;
    for (let i = 0; i < already; i++) expect((await makeToken(c, `token ${i}`)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeToken(c, `burst ${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect((await c.get('/api/v1/users/me/tokens?limit=1')).body.meta.total).toBe(ACCESS_TOKENS_PER_ACCOUNT);
  });

  it(`ends the least recently used sessions past ${SESSIONS_PER_ACCOUNT}, and pages the list`, async () => {
    const c = t.client();
    const me = await c.signUp();
    // Sessions opened the way every sign-in opens one; the first is the one used least recently.
    const opened: string[] = [];
    const count = SESSIONS_PER_ACCOUNT + 4;
    for (let i = 0; i < count; i++) {
      opened.push((await t.services.sessions.create(me._id, { userAgent: `script ${i}` })).token);
      // Each one last used a minute after the one before (the clock alone would give many the same instant).
      await t.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(t.clock.now() - (count - i) * 60_000).toISOString() })
        .where('user_agent', '=', `script ${i}`)
        .execute();
      // Opened a second apart: the test clock stands still otherwise, and "newest" would be a tie.
      t.clock.advance(1000);
    }
    const asSession = (token: string) =>
      t.client().get('/api/v1/users/me', { cookie: `cloudstash_session=${token}` });
    // And a real sign-in on top: it is kept, and the oldest ones are gone.
    const browser = t.client();
    expect((await browser.login(me.email, strongPassword)).status).toBe(200);
    expect((await browser.get('/api/v1/users/me')).status).toBe(200);
    for (const token of opened.slice(0, 5)) expect((await asSession(token)).status).toBe(401);
    expect((await asSession(opened.at(-1)!)).status).toBe(200);

    const all = await readAll(browser, '/api/v1/users/me/sessions', 30);
    expect(all.total).toBe(SESSIONS_PER_ACCOUNT);
    expect(all.pages).toBe(4);
    expect(new Set(all.ids).size).toBe(SESSIONS_PER_ACCOUNT);
    const firstPage = await browser.get('/api/v1/users/me/sessions?limit=1');
    expect(firstPage.body.data[0].current).toBe(true);
  });
});
