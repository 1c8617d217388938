import { ACCOUNT_MESSAGES, MESSAGES, loginBodySchema, type User } from '@cloudstash/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import * as users from '../../repositories/users';
import type { Clock } from '../clock';
import { dummyPasswordHash, verifyPassword } from '../passwords';
import { presentUser } from '../presenters';
import type { SessionClient, Sessions } from '../sessions';
import type { Throttle } from '../throttle';
import { accountDisabledError } from './errors';
import type { PendingLogins } from './pending-login';
import type { Totp } from './totp';

type LoginInput = z.output<typeof loginBodySchema>;

export type OpenedSession = { user: User; token: string; expiresAt: Date };

/** Where a sign-in ends: a session, or (second factor on) a pending sign-in awaiting the code. */
export type SignInOutcome =
  OpenedSession | { totpRequired: true; pending: { value: string; expiresAt: Date } };

/** How a first factor that is not the password treats the account; the password step uses the defaults. */
export interface FinishOptions {
  /** This browser already passed the second factor for the account (single sign-on's link step). */
  secondFactorPassed?: boolean;
  /** The error for a disabled account, where the first factor answers in its own words. */
  disabledError?: () => Error;
}

/** The wait before checking a sign-in to an account that has failed `failures` times from any address. */
export function loginDelayMs(failures: number, lockAfter: number): number {
  const slowAfter = Math.max(1, Math.floor(lockAfter / 2));
  if (failures < slowAfter) return 0;
  return Math.min(2 ** (failures - slowAfter) * 250, 5000);
}

/**
 * Signing in, one way for every first factor (password, single sign-on): a disabled account is refused, and
 * with two-factor on the first factor opens no session, only a pending sign-in that the code completes.
 */
export class SignIn {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'lockout'>,
    private readonly deps: {
      sessions: Sessions;
      totp: Totp;
      pending: PendingLogins;
      throttle: Throttle;
      clock: Clock;
    },
  ) {}

  /**
   * Checks the password. Unknown email and wrong password give the same answer after the same argon2 work.
   * Repeated failures lock the account for a while, but only for the address they came from (so nobody can
   * lock someone else out); from every address together they slow its sign-ins down.
   */
  async withPassword(input: LoginInput, client: SessionClient = {}): Promise<SignInOutcome> {
    // Every attempt is counted before the password is checked, so a burst cannot outrun the count. The lock is
    // per account and client address; unknown addresses share one bucket.
    const from = client.address ?? 'unknown';
    const { throttle } = this.deps;
    const accountFrom = JSON.stringify([input.email, from]);
    await throttle.take('signInPerAccountAndAddress', accountFrom);
    await this.slowDown(await throttle.take('signInPerAccount', input.email));
    const account = await users.findUserByEmail(this.db, input.email);
    const valid = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!account || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    await throttle.reset('signInPerAccountAndAddress', accountFrom);
    await throttle.reset('signInPerAccount', input.email);
    return this.finish(account, client);
  }

  /** The second half of a sign-in with two-factor on: the pending sign-in and a code open the session. */
  async withCode(
    pendingValue: string | undefined,
    code: string,
    client: SessionClient,
  ): Promise<OpenedSession> {
    const userId = this.deps.pending.verify(pendingValue);
    if (!userId) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpPendingMissing);
    const row = await users.findUserById(this.db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpPendingMissing);
    // Before the code is checked: a disabled account spends no attempts.
    refuseDisabled(row);
    if (!(await this.deps.totp.check(userId, code))) {
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpCodeInvalid);
    }
    return this.openSession(row, client);
  }

  /** After any first factor proved `account`: refuses a disabled account, then a pending sign-in or a session. */
  async finish(
    account: users.UserRecord,
    client: SessionClient,
    { secondFactorPassed = false, disabledError }: FinishOptions = {},
  ): Promise<SignInOutcome> {
    refuseDisabled(account, disabledError);
    // Two-factor sign-in applies however the first factor was given.
    if (!secondFactorPassed && (await this.deps.totp.isEnabled(account.id))) {
      return { totpRequired: true, pending: this.deps.pending.issue(account.id) };
    }
    return this.openSession(account, client);
  }

  private async openSession(account: users.UserRecord, client: SessionClient): Promise<OpenedSession> {
    const session = await this.deps.sessions.create(account.id, client);
    return { user: presentUser(account), ...session };
  }

  /**
   * Once half the lock threshold has been tried from any address (5 of 10 by default), every further attempt
   * on the account waits min(2^(n - half) x 250 ms, 5 s) before it is checked: guessing from many addresses
   * gets slow, and the owner still signs in. Unknown emails wait the same, so the delay says nothing about who
   * has an account. `attempt` is this attempt's number in the window, so the ones before it are one fewer.
   */
  private async slowDown(attempt: number): Promise<void> {
    const delayMs = loginDelayMs(attempt - 1, this.config.lockout.failures);
    if (delayMs > 0) await this.deps.clock.sleep(delayMs);
  }
}

function refuseDisabled(account: users.UserRecord, disabledError: () => Error = accountDisabledError): void {
  if (account.disabled === 1) throw disabledError();
}
