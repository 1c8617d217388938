import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  RESET_LINK_TTL_MS,
  type OneTimeLink,
  type User,
} from '@cloudstash/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { notFound } from '../../errors';
import * as users from '../../repositories/users';
import { deleteAccessTokensOfUser } from '../../repositories/access-tokens';
import { deleteSessionsOfUserExcept } from '../../repositories/sessions';
import { consumePasswordReset, insertPasswordReset } from '../../repositories/one-time-tokens';
import { presentUser } from '../presenters';
import { hashToken, type Viewer } from '../sessions';
import type { Quotas } from '../quotas';
import type { AccountRemoval } from './account-removal';
import { fieldError } from './errors';
import { checkedPasswordHash } from './profile';
import { linkTo } from './registration';
import { isoNow, type Clock } from '../clock';

/** What administrators do to accounts: disable, change role, delete, and hand out password reset links. */
export class UserAdmin {
  constructor(
    private readonly db: Db,
    private readonly removal: AccountRemoval,
    private readonly quotas: Quotas,
    private readonly config: Pick<Config, 'publicOrigin'>,
    private readonly clock: Clock,
  ) {}

  async update(
    userId: string,
    input: { disabled?: boolean; role?: 'user' | 'admin'; quotaBytes?: number | null },
  ): Promise<User> {
    await this.requireUser(userId);
    if (input.disabled !== undefined || input.role !== undefined) {
      await this.removal.changeAccess(userId, {
        ...(input.disabled !== undefined && { disabled: input.disabled ? 1 : 0 }),
        ...(input.role !== undefined && { role: input.role }),
      });
    }
    if (input.quotaBytes !== undefined) await this.quotas.setQuota(userId, input.quotaBytes);
    const user = presentUser((await users.findUserById(this.db, userId))!);
    return { ...user, quotaBytes: await this.quotas.quotaOf(userId) };
  }

  async remove(userId: string): Promise<void> {
    await this.requireUser(userId);
    await this.removal.removeAccount(userId);
  }

  /** A one-time link, valid for 1 hour, to set a new password; only the hash of its token is stored. */
  async createResetLink(admin: Viewer, userId: string): Promise<OneTimeLink> {
    await this.requireUser(userId);
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now + RESET_LINK_TTL_MS).toISOString();
    await insertPasswordReset(this.db, {
      token_hash: hashToken(token),
      user_id: userId,
      created_by: admin.id,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    return { url: linkTo(this.config, `/reset/${token}`), expiresAt };
  }

  /**
   * Uses a reset link once: sets the password and ends every session and access token of the account (a reset
   * means the old password is lost or known to someone else, who may have made tokens with it).
   */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const passwordHash = await checkedPasswordHash(newPassword, 'newPassword');
    const link = await consumePasswordReset(this.db, hashToken(token), isoNow(this.clock));
    if (!link) throw fieldError('token', ACCOUNT_MESSAGES.resetLinkInvalid);
    await users.updatePasswordHash(this.db, link.user_id, passwordHash, isoNow(this.clock));
    await deleteSessionsOfUserExcept(this.db, link.user_id, undefined);
    await deleteAccessTokensOfUser(this.db, link.user_id);
  }

  private async requireUser(userId: string): Promise<void> {
    if (!(await users.findUserById(this.db, userId))) throw notFound(MESSAGES.userNotFound);
  }
}
