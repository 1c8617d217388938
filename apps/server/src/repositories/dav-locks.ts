import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { DavLocksTable } from '../db/schema';

export type DavLockRow = DavLocksTable;

/** Unexpired locks held on any of `paths` (a path and its ancestors), one indexed probe per path. */
export function locksAt(db: Executor, ownerId: string, paths: string[], now: string): Promise<DavLockRow[]> {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('path', 'in', paths)
    .where('expires_at', '>', now)
    .execute();
}

/** Unexpired locks strictly below `path` (a range on the (owner, path) index: `path/` up to `path0`). */
export function locksBelow(db: Executor, ownerId: string, path: string, now: string): Promise<DavLockRow[]> {
  const prefix = path === '/' ? '/' : `${path}/`;
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('path', '>', prefix)
    .where('path', '<', `${prefix.slice(0, -1)}0`)
    .where('expires_at', '>', now)
    .execute();
}

export function findLock(db: Executor, ownerId: string, token: string, now: string) {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('token', '=', token)
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
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

export async function deleteLock(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('dav_locks').where('token', '=', token).execute();
}

/** Removes the locks on `path` and everything below it (the resource was deleted or moved away). */
export async function deleteLocksFrom(db: Executor, ownerId: string, path: string): Promise<void> {
  const prefix = path === '/' ? '/' : `${path}/`;
  await db
    .deleteFrom('dav_locks')
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('path', '=', path),
        eb.and([eb('path', '>', prefix), eb('path', '<', `${prefix.slice(0, -1)}0`)]),
      ]),
    )
    .execute();
}

export async function deleteEndedLocks(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('dav_locks').where('expires_at', '<=', now).execute();
}

/**
 * Serialises lock changes of one account until the transaction ends, so two LOCK requests arriving at two
 * processes at once cannot both find no conflict. SQLite has one writer at a time already.
 */
export async function serialiseOwnerLocks(db: Executor, ownerId: string, postgres: boolean): Promise<void> {
  if (!postgres) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`dav-locks:${ownerId}`}))`.execute(db);
}
