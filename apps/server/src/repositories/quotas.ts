import type { Executor } from '../db/executor';
import { trashBytes } from './trash';

export interface QuotaRow {
  quota_custom: number;
  quota_bytes: number | null;
}

export function findQuota(db: Executor, userId: string): Promise<QuotaRow | undefined> {
  return db
    .selectFrom('users')
    .select(['quota_custom', 'quota_bytes'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Reads the account's quota while taking its row's write lock until the transaction ends (a no-op update:
 * PostgreSQL locks the row, SQLite takes its write lock), so two uploads of one account check and commit one
 * after the other and cannot both fit into the same remaining space.
 */
export function lockQuota(db: Executor, userId: string): Promise<QuotaRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ quota_custom: eb.ref('quota_custom') }))
    .where('id', '=', userId)
    .returning(['quota_custom', 'quota_bytes'])
    .executeTakeFirst();
}

export async function setQuota(db: Executor, userId: string, quotaBytes: number | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ quota_custom: 1, quota_bytes: quotaBytes })
    .where('id', '=', userId)
    .execute();
}

/**
 * The logical bytes the account's files and their kept versions take, from the maintained totals (committed
 * uploads only), and those of its items in trash.
 */
export async function usedBytes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('owner_file_totals')
    .select(['size', 'version_size'])
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.size ?? 0) + Number(row?.version_size ?? 0) + (await trashBytes(db, userId));
}
