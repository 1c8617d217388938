import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { newAccount } from '../helpers/test-client';
import { startSecurityApp, type SecurityApp } from './helpers/security-app';

describe.each(DIALECTS)('refusals name the rule that was broken (%s)', (dialect) => {
  let t: SecurityApp;
  beforeAll(async () => {
    t = await startSecurityApp(dialect);
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

  it('answers a registration with a password over the maximum length with the length message', async () => {
    const { answer } = await t.client().register(newAccount({ password: `Aa1${'x'.repeat(2000)}` }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.passwordTooLong);
  });
});
