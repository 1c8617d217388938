import {
  ACCOUNT_MESSAGES,
  registrationModeSchema,
  type InstanceSettings,
  type InviteStatus,
  type RegistrationMode,
} from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Executor } from '../../db/executor';
import { AppError } from '../../errors';
import { consumeInvite, findInvite } from '../../repositories/one-time-tokens';
import { readSetting, writeSetting } from '../../repositories/settings';
import { hashToken } from '../sessions';
import { isoNow, type Clock } from '../clock';

const REGISTRATION_KEY = 'registration';

/** The registration part of the instance settings. */
export type RegistrationSettings = Pick<InstanceSettings, 'registration' | 'registrationSource'>;

/** Why a registration is refused, named after its message. */
export type RegistrationRefusal = 'registrationClosed' | 'inviteRequired' | 'inviteInvalid';

/** Where links this instance hands out point: absolute when PUBLIC_ORIGIN is set, else a path on this host. */
export const linkTo = (config: Pick<Config, 'publicOrigin'>, path: string) =>
  `${config.publicOrigin ?? ''}${path}`;

/**
 * Who may create an account: anyone (open), holders of an invite link (invite), or nobody (closed; the
 * `create-admin` command still works). REGISTRATION sets the mode; once an administrator sets it, the value
 * in the database wins, on every process, from the next request.
 */
export class Registration {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'registration' | 'publicOrigin'>,
    private readonly clock: Clock,
  ) {}

  /** `db` is the open transaction when there is one (SQLite has one connection: no second query may wait on it). */
  async settings(db: Executor = this.db): Promise<RegistrationSettings> {
    const stored = registrationModeSchema.safeParse(await readSetting(db, REGISTRATION_KEY));
    return stored.success
      ? { registration: stored.data, registrationSource: 'database' }
      : { registration: this.config.registration, registrationSource: 'environment' };
  }

  async mode(db: Executor = this.db): Promise<RegistrationMode> {
    return (await this.settings(db)).registration;
  }

  async setMode(mode: RegistrationMode): Promise<RegistrationSettings> {
    await writeSetting(this.db, REGISTRATION_KEY, mode, isoNow(this.clock));
    return this.settings();
  }

  /** Whether `invite` can still be used (unused, unrevoked, unexpired); such a registration is not counted per hour. */
  async isUsableInvite(invite: string | undefined): Promise<boolean> {
    return invite !== undefined && (await this.inviteState(invite)).state === 'usable';
  }

  /** What an invite link is now, and the address it is bound to while it can still be used. */
  async inviteState(invite: string, db: Executor = this.db): Promise<InviteStatus> {
    const row = await findInvite(db, hashToken(invite));
    if (!row) return { state: 'invalid', email: null };
    if (row.used_at) return { state: 'used', email: null };
    if (row.revoked_at) return { state: 'revoked', email: null };
    if (row.expires_at <= isoNow(this.clock)) return { state: 'expired', email: null };
    return { state: 'usable', email: row.email };
  }

  /**
   * Lets a registration through, or refuses it with 403. Runs inside the registration's transaction: an invite is
   * used up only if the account is created, and never twice. A registration let past the hourly limit for its
   * invite (`invited`) must use it up in every mode, so one invite cannot carry many registrations past it.
   */
  async admit(
    trx: Executor,
    invite: string | undefined,
    newUser: { id: string; email: string },
    invited = false,
  ): Promise<void> {
    const refusal = await this.refusal(trx, invite, newUser, invited);
    if (refusal === 'inviteInvalid')
      throw new AppError('FORBIDDEN', await this.whyUnusable(trx, invite!, newUser));
    if (refusal) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES[refusal]);
  }

  /** The registration form says exactly why its invite did not work. */
  private async whyUnusable(trx: Executor, invite: string, newUser: { email: string }): Promise<string> {
    const { state, email } = await this.inviteState(invite, trx);
    if (state === 'usable' && email !== null && email !== newUser.email)
      return ACCOUNT_MESSAGES.inviteOtherEmail;
    const messages: Partial<Record<InviteStatus['state'], string>> = {
      used: ACCOUNT_MESSAGES.inviteUsed,
      revoked: ACCOUNT_MESSAGES.inviteRevoked,
      expired: ACCOUNT_MESSAGES.inviteExpired,
    };
    return messages[state] ?? ACCOUNT_MESSAGES.inviteInvalid;
  }

  /**
   * Why a new account may not be made now (by a form or by single sign-on alike), or null, using up the invite
   * when the mode needs one (or when the registration was `invited` past the hourly limit). Inside the new
   * account's transaction, like `admit`.
   */
  async refusal(
    trx: Executor,
    invite: string | undefined,
    newUser: { id: string; email: string },
    invited = false,
  ): Promise<RegistrationRefusal | null> {
    const mode = await this.mode(trx);
    if (mode === 'closed') return 'registrationClosed';
    if (mode === 'open' && !invited) return null;
    if (!invite) return 'inviteRequired';
    return (await consumeInvite(trx, hashToken(invite), newUser, isoNow(this.clock)))
      ? null
      : 'inviteInvalid';
  }
}
