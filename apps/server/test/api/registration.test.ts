import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount } from '../helpers/test-client';

/**
 * PostgreSQL only: keeps every insert into users waiting (reads still pass) until `release`, so that simultaneous
 * registrations all reach "count, then insert" together however fast this machine hashes passwords. The
 * registrations are released once `waiting` of them are blocked on a lock.
 */
async function holdUserInserts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('lock table users in exclusive mode');
  return {
    async releaseWhenWaiting(waiting: number) {
      for (;;) {
        // Within a transaction PostgreSQL keeps showing the first snapshot of the activity view unless told not to.
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(rows[0]!.n) >= waiting) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query('commit');
      await client.end();
    },
  };
}

describe.each(DIALECTS)('the first administrator (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('makes exactly one of ten simultaneous first registrations the administrator', async () => {
    const accounts = Array.from({ length: 10 }, () => newAccount());
    const database = t.services.config.database;
    const held = database.kind === 'postgres' ? await holdUserInserts(database.url) : undefined;
    const registering = Promise.all(accounts.map((account) => t.client().register(account)));
    await held?.releaseWhenWaiting(accounts.length);
    const answers = await registering;
    expect(answers.map(({ answer }) => answer.status)).toEqual(Array(10).fill(201));
    const roles = answers.map(({ answer }) => (answer.body as { data: { role: string } }).data.role);
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    expect(roles.filter((role) => role === 'user')).toHaveLength(9);

    // The administrator's own view agrees: the user list holds one admin among ten accounts.
    const admin = t.client();
    const adminAccount = accounts[roles.indexOf('admin')]!;
    expect((await admin.login(adminAccount.email, adminAccount.password)).status).toBe(200);
    const summary = await admin.get('/api/v1/admin/users');
    expect(summary.status).toBe(200);
    expect(summary.body.data.filter((u: { role: string }) => u.role === 'admin')).toHaveLength(1);
    expect(summary.body.meta.total).toBe(10);
  });
});

describe.each(DIALECTS)('email addresses a browser accepts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it.each(['admin@localhost', 'a!b@x.io'])('registers and signs in as %s', async (email) => {
    const client = t.client();
    const account = newAccount({ email });
    const { answer } = await client.register(account);
    expect(answer.status).toBe(201);
    expect(answer.body.data.email).toBe(email);
    const login = await client.login(email, account.password);
    expect(login.status).toBe(200);
    expect((await client.get('/api/v1/users/me')).body.data.email).toBe(email);
  });

  it('still refuses an address a browser refuses, with the hint', async () => {
    const { answer } = await t.client().register(newAccount({ email: 'admin@' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Enter valid email address');
  });
});
