import type { Executor } from '../db/executor';

export interface ZipSelection {
  id: string;
  userId: string;
  fileIds: string[];
  folderIds: string[];
}

export async function insertZipSelection(
  db: Executor,
  selection: ZipSelection,
  times: { now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('zip_selections')
    .values({
      id: selection.id,
      user_id: selection.userId,
      file_ids: JSON.stringify(selection.fileIds),
      folder_ids: JSON.stringify(selection.folderIds),
      created_at: times.now,
      expires_at: times.expiresAt,
    })
    .execute();
}

/** The selection while it is live. */
export async function findZipSelection(
  db: Executor,
  id: string,
  now: string,
): Promise<ZipSelection | undefined> {
  const row = await db
    .selectFrom('zip_selections')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    fileIds: JSON.parse(row.file_ids) as string[],
    folderIds: JSON.parse(row.folder_ids) as string[],
  };
}

export async function deleteExpiredZipSelections(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('zip_selections').where('expires_at', '<=', now).execute();
}
