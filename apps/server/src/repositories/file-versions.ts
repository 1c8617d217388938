import type { Executor } from '../db/executor';
import type { FileVersionsTable } from '../db/schema';

export type FileVersionRow = FileVersionsTable;

/** A version with the name of whoever replaced it (null once that account is gone). */
export interface FileVersionWithReplacer extends FileVersionRow {
  replaced_by_name: string | null;
}

export async function insertVersion(db: Executor, row: FileVersionRow): Promise<void> {
  await db.insertInto('file_versions').values(row).execute();
}

/** A file's versions, newest first, off the (file_id, created_at, id) index. */
export function listVersions(db: Executor, fileId: string): Promise<FileVersionWithReplacer[]> {
  return db
    .selectFrom('file_versions')
    .leftJoin('users', 'users.id', 'file_versions.replaced_by')
    .selectAll('file_versions')
    .select('users.name as replaced_by_name')
    .where('file_versions.file_id', '=', fileId)
    .orderBy('file_versions.created_at', 'desc')
    .orderBy('file_versions.id', 'desc')
    .execute();
}

export function findVersion(db: Executor, fileId: string, versionId: string) {
  return db
    .selectFrom('file_versions')
    .leftJoin('blobs', 'blobs.hash', 'file_versions.blob_hash')
    .selectAll('file_versions')
    .select('blobs.crc32c as blob_crc32c')
    .where('file_versions.id', '=', versionId)
    .where('file_versions.file_id', '=', fileId)
    .executeTakeFirst();
}

/** Deletes one version row; the blob it referenced, or undefined when it was already gone. */
export async function deleteVersionRow(db: Executor, versionId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('file_versions')
    .where('id', '=', versionId)
    .returning('blob_hash')
    .executeTakeFirst();
  return row?.blob_hash;
}

/** Deletes every version of a file; the blobs they referenced, one entry per row. */
export async function deleteVersionsOfFile(db: Executor, fileId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('file_versions')
    .where('file_id', '=', fileId)
    .returning('blob_hash')
    .execute();
  return rows.map((row) => row.blob_hash);
}
