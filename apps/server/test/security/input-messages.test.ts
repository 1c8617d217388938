import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { newAccount } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)('refusals name the rule that was broken (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers a sign-in with a password over the maximum length with the length message', async () => {
    const account = newAccount();
    await t.client().register(account);
    for (const password of [`Aa1${'x'.repeat(126)}`, 'Aa1'.repeat(700)]) {
      const answer = await t.client().login(account.email, password);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.passwordTooLong);
    }
  });

  it('never trims a password: a trailing space makes another password', async () => {
    const account = newAccount();
    await t.client().register(account);
    expect((await t.client().login(account.email, `${account.password} `)).status).toBe(401);
    expect((await t.client().login(account.email, ` ${account.password}`)).status).toBe(401);
  });

  it('answers a registration with a password over the maximum length with the length message', async () => {
    const { answer } = await t.client().register(newAccount({ password: `Aa1${'x'.repeat(2000)}` }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.passwordTooLong);
  });
});

describe.each(DIALECTS)('user names are cleaned like file names (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp({ name: 'Admin' });
  });
  afterAll(() => t.close());

  it.each([
    ['a right-to-left override', 'Eve\u202Egnp.exe', 'Evegnp.exe'],
    ['CR/LF', 'Mallory\r\nAdmin: yes', 'MalloryAdmin: yes'],
    ['an escape sequence', '\u001b[31mRed\u001b[0m Team', '[31mRed[0m Team'],
    ['zero-width characters', 'Bo\u200Bb\u200C\u200D\uFEFF\u061C', 'Bob'],
  ])('stores and shows a name with %s without it', async (_label, typed, shown) => {
    const c = t.client();
    const me = await c.signUp({ name: typed });
    expect(me.name).toBe(shown);
    expect((await c.get('/api/v1/users/me')).body.data.name).toBe(shown);
    const row = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', me._id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(shown);
  });

  it('refuses a name with nothing visible left after cleaning, storing nothing', async () => {
    const account = newAccount({ name: '\u200B\u202E\r\n\u001b' });
    const { answer } = await t.client().register(account);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.nameRequired);
    expect((await t.client().login(account.email, account.password)).status).toBe(401);
  });
});
