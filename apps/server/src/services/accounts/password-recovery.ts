import crypto from 'node:crypto';
import { MAIL_MESSAGES, MAILED_RESET_LINK_TTL_MS } from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { AppError, notFound } from '../../errors';
import * as users from '../../repositories/users';
import { insertPasswordReset } from '../../repositories/one-time-tokens';
import { isoNow, type Clock } from '../clock';
import type { MailOutbox } from '../mail/outbox';
import { hashToken } from '../sessions';
import type { Throttle } from '../throttle';
import { linkTo } from './registration';

export const PASSWORD_RESET_MAIL = 'password-reset';

/**
 * "Forgot password?": a person mails themselves a reset link. The request itself does the same work for every
 * address, known or not (a throttle count and one outbox row), so neither its answer nor its timing says
 * whether an account has the address; the account is looked up only when the outbox sends, in the background.
 * The link opens the same reset page as an administrator's, works once, for 30 minutes, and a reset through it
 * ends every session and access token of the account.
 */
export class PasswordRecovery {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly throttle: Throttle,
    private readonly config: Pick<Config, 'publicOrigin'>,
    private readonly clock: Clock,
  ) {
    outbox.define(PASSWORD_RESET_MAIL, ({ recipient }) => this.compose(recipient));
  }

  /** Queues a reset mail for whoever has `email`; answers the same whether anyone has it. */
  async request(email: string): Promise<void> {
    if (!this.outbox.enabled) throw notFound(MAIL_MESSAGES.mailOff);
    // Past its limit an address is mailed nothing more for a while, and told nothing different.
    if (!(await this.counted('forgotPasswordPerEmail', email))) return;
    await inTransaction(this.db, (trx) =>
      this.outbox.queue(trx, { kind: PASSWORD_RESET_MAIL, recipient: email }),
    );
  }

  /** Run by the outbox when it sends: a disabled, unknown or too often asked-for account gets nothing. */
  private async compose(email: string) {
    const user = await users.findUserByEmail(this.db, email);
    if (!user || user.disabled) return null;
    if (!(await this.counted('forgotPasswordPerAccount', user.id))) return null;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await insertPasswordReset(this.db, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_by: user.id,
      created_at: isoNow(this.clock),
      expires_at: new Date(now + MAILED_RESET_LINK_TTL_MS).toISOString(),
      used_at: null,
    });
    return {
      to: user.email,
      subject: 'Reset your CloudStash password',
      paragraphs: [
        `Hello ${user.name},`,
        `Someone asked to reset the password of the CloudStash account ${user.email}. If it was you, choose a new password with the link below. It works once, for 30 minutes, and signs out every session of the account.`,
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      // PUBLIC_ORIGIN only, never a request's Host: configuration refuses mail without it.
      action: { label: 'Choose a new password', url: linkTo(this.config, `/reset/${token}`) },
    };
  }

  private async counted(
    name: 'forgotPasswordPerEmail' | 'forgotPasswordPerAccount',
    subject: string,
  ): Promise<boolean> {
    try {
      await this.throttle.take(name, subject);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
      throw error;
    }
  }
}
