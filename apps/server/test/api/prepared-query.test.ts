import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/executor';
import { preparedQuery } from '../../src/db/prepared-query';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Module-level, as the repositories hold theirs: one prepared query serves every suite below, whatever dialect.
const namesByRole = preparedQuery((db, role: 'user' | 'admin', email: string) =>
  db
    .selectFrom('users')
    .select('name')
    .where('role', '=', role)
    .where('email', '<>', email)
    .where('disabled', '=', 0)
    .orderBy('name'),
);

const emailPlusSuffix = preparedQuery((db, email: string) =>
  db.selectFrom('users').select('id').where('email', '=', `${email}.example`),
);

describe.each(DIALECTS)('a prepared query (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const name of ['Ada', 'Brian', 'Chen']) await t.client().signUp({ name });
  });
  afterAll(() => t.close());

  it("runs with each call's own values, in and out of a transaction", async () => {
    expect(await namesByRole(t.db, 'user', 'nobody@example.com')).toEqual([
      { name: 'Brian' },
      { name: 'Chen' },
    ]);
    expect(await namesByRole(t.db, 'admin', 'nobody@example.com')).toEqual([{ name: 'Ada' }]);
    const brian = await t.db
      .selectFrom('users')
      .select('email')
      .where('name', '=', 'Brian')
      .executeTakeFirstOrThrow();
    const inside = await inTransaction(t.db, (trx) => namesByRole(trx, 'user', brian.email));
    expect(inside).toEqual([{ name: 'Chen' }]);
  });

  it('refuses a build that turns a placeholder into something else, instead of running it wrong', async () => {
    await expect(emailPlusSuffix(t.db, 'ada@example')).rejects.toThrow(/every placeholder/);
  });
});
