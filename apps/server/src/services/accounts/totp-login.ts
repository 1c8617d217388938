import { ACCOUNT_MESSAGES, type User } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { findUserById } from '../../repositories/users';
import { presentUser } from '../presenters';
import type { SessionClient, SessionService } from '../sessions';
import { accountDisabledError } from './errors';
import type { PendingLogins } from './pending-login';
import type { TotpService } from './totp';

/** The second half of a sign-in with two-factor on: the pending sign-in and a code open the session. */
export class TotpLogin {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly totp: TotpService,
    private readonly pending: PendingLogins,
  ) {}

  async complete(
    pendingValue: string | undefined,
    code: string,
    client: SessionClient,
  ): Promise<{ user: User; token: string; expiresAt: Date }> {
    const userId = this.pending.verify(pendingValue);
    if (!userId) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpPendingMissing);
    const row = await findUserById(this.db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpPendingMissing);
    if (row.disabled === 1) throw accountDisabledError();
    if (!(await this.totp.check(userId, code))) {
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.totpCodeInvalid);
    }
    const session = await this.sessions.create(userId, client);
    return { user: presentUser(row), ...session };
  }
}
