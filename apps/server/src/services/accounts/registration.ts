import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  INVITE_TTL_MS,
  registrationModeSchema,
  type InstanceSettings,
  type OneTimeLink,
  type RegistrationMode,
} from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Executor } from '../../db/executor';
import { AppError } from '../../errors';
import { consumeInvite, insertInvite, isInviteUsable } from '../../repositories/one-time-tokens';
import { readSetting, writeSetting } from '../../repositories/settings';
import { hashToken, type Viewer } from '../sessions';
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

  /** `count` invite links at once, for a team that joins together. */
  async createInvites(admin: Viewer, count: number): Promise<OneTimeLink[]> {
    const links: OneTimeLink[] = [];
    for (let i = 0; i < count; i++) links.push(await this.createInvite(admin));
    return links;
  }

  /** A one-time invite link valid for 7 days; only the hash of its token is stored. */
  private async createInvite(admin: Viewer): Promise<OneTimeLink> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now + INVITE_TTL_MS).toISOString();
    await insertInvite(this.db, {
      token_hash: hashToken(token),
      created_by: admin.id,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
    });
    return { url: linkTo(this.config, `/register?invite=${token}`), expiresAt };
  }

  /** Whether `invite` can still be used (unused, unexpired); such a registration is not counted per hour. */
  async isUsableInvite(invite: string | undefined): Promise<boolean> {
    return invite !== undefined && (await isInviteUsable(this.db, hashToken(invite), isoNow(this.clock)));
  }

  /**
   * Lets a registration through, or refuses it with 403. Runs inside the registration's transaction: an invite is
   * used up only if the account is created, and never twice. A registration let past the hourly limit for its
   * invite (`invited`) must use it up in every mode, so one invite cannot carry many registrations past it.
   */
  async admit(trx: Executor, invite: string | undefined, newUserId: string, invited = false): Promise<void> {
    const refusal = await this.refusal(trx, invite, newUserId, invited);
    if (refusal) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES[refusal]);
  }

  /**
   * Why a new account may not be made now (by a form or by single sign-on alike), or null, using up the invite
   * when the mode needs one (or when the registration was `invited` past the hourly limit). Inside the new
   * account's transaction, like `admit`.
   */
  async refusal(
    trx: Executor,
    invite: string | undefined,
    newUserId: string,
    invited = false,
  ): Promise<RegistrationRefusal | null> {
    const mode = await this.mode(trx);
    if (mode === 'closed') return 'registrationClosed';
    if (mode === 'open' && !invited) return null;
    if (!invite) return 'inviteRequired';
    return (await consumeInvite(trx, hashToken(invite), newUserId, isoNow(this.clock)))
      ? null
      : 'inviteInvalid';
  }
}
