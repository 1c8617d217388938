import { nameSortKey } from '@cloudstash/contract';
import type { Executor } from '../db/executor';

export function findUserWithPasswordHash(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUserName(db: Executor, id: string, name: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ name, name_key: nameSortKey(name), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: Executor, id: string, hash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

export async function updateUserAccess(
  db: Executor,
  id: string,
  changes: { disabled?: number; role?: 'user' | 'admin' },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The ids of administrators who can still act (not disabled). On PostgreSQL their rows are locked until the
 * transaction ends, so two administrators demoting each other at once cannot both succeed; SQLite has a
 * single writer, which gives the same guarantee.
 */
export async function lockActiveAdminIds(db: Executor, postgres: boolean): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0);
  if (postgres) query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export async function deleteUserRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** A batch of the account's file ids, for removal one by one through the reference-counted path. */
export async function fileIdsOfOwner(db: Executor, ownerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('owner_id', '=', ownerId)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
