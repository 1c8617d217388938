import type { Executor } from '../db/executor';
import { preparedQuery } from '../db/prepared-query';

const markAfter = preparedQuery((db: Executor, userId: string, fileId: string, countedAfter: string) =>
  db
    .selectFrom('download_marks')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .where('counted_at', '>', countedAfter),
);

/** Whether `userId`'s download of `fileId` was counted after `countedAfter` (so another would not count). */
export async function hasDownloadMarkAfter(
  db: Executor,
  userId: string,
  fileId: string,
  countedAfter: string,
): Promise<boolean> {
  return (await markAfter(db, userId, fileId, countedAfter)).length > 0;
}

/**
 * Marks `userId`'s download of `fileId` as counted now, unless one was counted after `countedAfter`; true when
 * this call took the mark (and so should count). One upsert, so two processes never both take it.
 */
export async function takeDownloadMark(
  db: Executor,
  userId: string,
  fileId: string,
  now: string,
  countedAfter: string,
): Promise<boolean> {
  const row = await db
    .insertInto('download_marks')
    .values({ user_id: userId, file_id: fileId, counted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'file_id'])
        .doUpdateSet({ counted_at: now })
        .where('download_marks.counted_at', '<=', countedAfter),
    )
    .returning('file_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets marks that no longer hold back a count. */
export async function deleteDownloadMarksBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('download_marks').where('counted_at', '<', before).execute();
}
