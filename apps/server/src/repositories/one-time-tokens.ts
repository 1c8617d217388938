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

export type InviteRow = InvitesTable;

export function findInvite(db: Executor, tokenHash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses an invite for `usedBy`, only if it is unused, unrevoked, unexpired and, when bound to an address, used
 * for that one (single use, atomically).
 */
export async function consumeInvite(
  db: Executor,
  tokenHash: string,
  usedBy: { id: string; email: string },
  now: string,
) {
  const result = await db
    .updateTable('invites')
    .set({ used_at: now, used_by: usedBy.id })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('email', 'is', null), eb('email', '=', usedBy.email)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Invites still waiting to be used, newest first, with who made them. */
export function outstandingInvites(db: Executor, now: string) {
  return db
    .selectFrom('invites')
    .leftJoin('users', 'users.id', 'invites.created_by')
    .select([
      'invites.id',
      'invites.email',
      'invites.created_at',
      'invites.expires_at',
      'invites.created_by',
      'users.name as creator_name',
    ])
    .where('invites.used_at', 'is', null)
    .where('invites.revoked_at', 'is', null)
    .where('invites.expires_at', '>', now)
    .orderBy('invites.created_at', 'desc')
    .orderBy('invites.id')
    .limit(1000)
    .execute();
}

/** Revokes an outstanding invite; false when none has that id (or it was used or revoked already). */
export async function revokeInvite(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
