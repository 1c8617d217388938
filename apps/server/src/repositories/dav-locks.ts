import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { DavLocksTable } from '../db/schema';

export type DavLockRow = DavLocksTable;

/** Unexpired locks held on any of `itemKeys` (an item and the folders above it), by the item index. */
export async function locksOnItems(db: Executor, itemKeys: string[], now: string): Promise<DavLockRow[]> {
  if (!itemKeys.length) return [];
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('item_key', 'in', itemKeys)
    .where('expires_at', '>', now)
    .execute();
}

/** Unexpired locks on anything of one account's tree, whoever holds them (a handful: clients lock little). */
export function locksInTree(db: Executor, treeOwnerId: string, now: string): Promise<DavLockRow[]> {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('tree_owner_id', '=', treeOwnerId)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertLock(db: Executor, row: DavLockRow): Promise<void> {
  await db.insertInto('dav_locks').values(row).execute();
}

export async function extendLock(
  db: Executor,
  token: string,
  change: { timeout_seconds: number; expires_at: string },
): Promise<void> {
  await db.updateTable('dav_locks').set(change).where('token', '=', token).execute();
}

export async function deleteLocks(db: Executor, tokens: string[]): Promise<void> {
  if (!tokens.length) return;
  await db.deleteFrom('dav_locks').where('token', 'in', tokens).execute();
}

export async function deleteEndedLocks(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('dav_locks').where('expires_at', '<=', now).execute();
}

/**
 * Serialises lock changes in one account's tree until the transaction ends, so two LOCK requests arriving at
 * two processes at once (the owner's and an editor's, say) cannot both find no conflict. SQLite has one
 * writer at a time already.
 */
export async function serialiseTreeLocks(
  db: Executor,
  treeOwnerId: string,
  postgres: boolean,
): Promise<void> {
  if (!postgres) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`dav-locks:${treeOwnerId}`}))`.execute(db);
}
