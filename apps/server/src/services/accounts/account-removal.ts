import { removeMemberEverywhere } from '../../repositories/groups';
import { deleteSharesOfUser } from '../../repositories/shares';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { isPostgres } from '../../db/totals';
import { deleteFoldersOfOwner } from '../../repositories/folders';
import * as users from '../../repositories/users';
import { deleteSessionsOfUserExcept } from '../../repositories/sessions';
import type { ResumableUploads } from '../resumable-uploads';
import type { Trash } from '../trash';
import { lastAdminError } from './errors';
import { isoNow, type Clock } from '../clock';

/**
 * Changes that could leave an instance without an administrator, and removing an account with everything
 * it owns. The administrators' rows are locked while the rule is checked, so two such changes at once cannot
 * both pass it.
 */
export class AccountRemoval {
  constructor(
    private readonly db: Db,
    private readonly trash: Pick<Trash, 'removeAllOf'>,
    private readonly uploadsInFlight: Pick<ResumableUploads, 'removeAllOf'>,
    private readonly clock: Clock,
  ) {}

  /** Applies `changes` unless they would leave no active administrator (409). */
  async changeAccess(userId: string, changes: { disabled?: number; role?: 'user' | 'admin' }): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const admins = await users.lockActiveAdminIds(trx, isPostgres(this.db));
      const losesAdmin = changes.disabled === 1 || changes.role === 'user';
      if (losesAdmin && admins.includes(userId) && admins.length <= 1) throw lastAdminError();
      await users.updateUserAccess(trx, userId, changes, isoNow(this.clock));
    });
    if (changes.disabled === 1) await deleteSessionsOfUserExcept(this.db, userId, undefined);
  }

  /**
   * Removes an account: it is disabled first (no new sign-in, session or upload can start), then every file goes
   * through the reference-counted path (bytes others also hold stay; unshared bytes are reclaimed soon after, like any delete's), then the
   * account row, whose sessions, tokens, two-factor secrets and reset links go with it. Its resumable uploads
   * in flight go first, their bytes with them, rather than waiting for gc.
   */
  async removeAccount(userId: string): Promise<void> {
    await this.changeAccess(userId, { disabled: 1 });
    await this.uploadsInFlight.removeAllOf(userId);
    // An upload that had already started may still commit a file; the loop picks it up before the row goes.
    for (let attempt = 0; ; attempt++) {
      await this.trash.removeAllOf(userId);
      try {
        await deleteFoldersOfOwner(this.db, userId);
        // What the account shared and was given, and its place in groups, go with it.
        await deleteSharesOfUser(this.db, userId);
        await removeMemberEverywhere(this.db, userId);
        await users.deleteUserRow(this.db, userId);
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }
}
