import type { Executor } from '../db/executor';
import type { InvitesTable, PasswordResetsTable } from '../db/schema';

export async function insertPasswordReset(db: Executor, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Uses a reset link: marks it used and answers its account, only if it is unused and unexpired. The
 * conditional update is the single-use guarantee, even for two requests at once.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: string) {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertInvite(db: Executor, row: InvitesTable): Promise<void> {
  await db.insertInto('invites').values(row).execute();
}

/** Whether an invite with this hash exists, unused and unexpired. */
export async function isInviteUsable(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('invites')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses an invite for `usedBy`, only if it is unused and unexpired (single use, atomically). */
export async function consumeInvite(db: Executor, tokenHash: string, usedBy: string, now: string) {
  const result = await db
    .updateTable('invites')
    .set({ used_at: now, used_by: usedBy })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
