import { ACCOUNT_MESSAGES, MESSAGES, cleanFilename, type User } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import * as users from '../../repositories/users';
import { deleteAccessTokensOfUser } from '../../repositories/access-tokens';
import { deleteSessionsOfUserExcept } from '../../repositories/sessions';
import { hashPassword, isCommonPassword, verifyPassword } from '../passwords';
import { presentUser } from '../presenters';
import { hashToken, type Viewer } from '../sessions';
import type { AccountRemoval } from './account-removal';
import { fieldError } from './errors';
import { isoNow, type Clock } from '../clock';

/** What a person changes about their own account: name, password, and deleting it. */
export class Profile {
  constructor(
    private readonly db: Db,
    private readonly removal: AccountRemoval,
    private readonly clock: Clock,
  ) {}

  async rename(viewer: Viewer, name: string): Promise<User> {
    // Names are shown to others beside public files: cleaned like file names (no controls or direction tricks).
    const cleaned = cleanFilename(name);
    if (!cleaned) throw fieldError('name', MESSAGES.nameRequired);
    await users.updateUserName(this.db, viewer.id, cleaned, isoNow(this.clock));
    return presentUser((await users.findUserById(this.db, viewer.id))!);
  }

  /**
   * Sets a new password after checking the current one; every session but `currentToken`'s ends, and every
   * access token too when `revokeTokens` (the default: whoever knew the old password may have made some).
   */
  async changePassword(
    viewer: Viewer,
    currentToken: string | undefined,
    input: { currentPassword: string; newPassword: string; revokeTokens: boolean },
  ): Promise<void> {
    await this.requirePassword(viewer.id, input.currentPassword, 'currentPassword');
    const passwordHash = await checkedPasswordHash(input.newPassword, 'newPassword');
    await users.updatePasswordHash(this.db, viewer.id, passwordHash, isoNow(this.clock));
    await deleteSessionsOfUserExcept(this.db, viewer.id, currentToken ? hashToken(currentToken) : undefined);
    if (input.revokeTokens) await deleteAccessTokensOfUser(this.db, viewer.id);
  }

  async deleteOwnAccount(viewer: Viewer, input: { password: string; email: string }): Promise<void> {
    if (input.email !== viewer.user.email) {
      throw fieldError('email', ACCOUNT_MESSAGES.deleteEmailMismatch);
    }
    await this.requirePassword(viewer.id, input.password, 'password');
    await this.removal.removeAccount(viewer.id);
  }

  /** 400 on the named field when `password` is not the account's password. */
  async requirePassword(userId: string, password: string, field: string): Promise<void> {
    const row = await users.findUserWithPasswordHash(this.db, userId);
    if (!row || !(await verifyPassword(row.password_hash, password))) {
      throw fieldError(
        field,
        field === 'currentPassword' ? ACCOUNT_MESSAGES.currentPasswordWrong : ACCOUNT_MESSAGES.passwordWrong,
      );
    }
  }
}

/** The argon2 hash of a new password that passed the rule (checked by the schema) and is not a common one. */
export async function checkedPasswordHash(password: string, field: string): Promise<string> {
  if (isCommonPassword(password)) throw fieldError(field, MESSAGES.passwordTooCommon);
  return hashPassword(password);
}
