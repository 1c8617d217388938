import { sql } from 'kysely';
import { nameSortKey } from '@cloudstash/contract';
import type { Executor } from '../db/executor';

const inFolder = (folderId: string | null) =>
  folderId === null ? sql<boolean>`folder_id is null` : sql<boolean>`folder_id = ${folderId}`;

/** The columns a WebDAV listing shows of a file. */
const ENTRY_COLUMNS = [
  'id',
  'owner_id',
  'folder_id',
  'filename',
  'exact_name',
  'mimetype',
  'size',
  'blob_hash',
  'created_at',
  'updated_at',
  'client_mtime',
] as const;

export interface DavFileRow {
  id: string;
  owner_id: string;
  folder_id: string | null;
  filename: string;
  exact_name: number;
  mimetype: string;
  size: number;
  blob_hash: string;
  created_at: string;
  updated_at: string;
  client_mtime: string | null;
}

/**
 * The files of one folder (null: the top) whose stored name is one of `names`, in creation order: one probe of
 * the (owner, folder, filename) index, whatever the folder holds.
 */
export function filesNamed(
  db: Executor,
  ownerId: string,
  folderId: string | null,
  names: string[],
): Promise<DavFileRow[]> {
  return (
    db
      .selectFrom('files')
      .select(ENTRY_COLUMNS)
      .where('owner_id', '=', ownerId)
      .where(inFolder(folderId))
      // The (owner, folder, filename_key, filename) index: the keys narrow it, the exact names decide.
      .where('filename_key', 'in', [...new Set(names.map(nameSortKey))])
      .where('filename', 'in', names)
      .orderBy('created_at')
      .orderBy('id')
      .execute() as Promise<DavFileRow[]>
  );
}

/** A page of one folder's files in creation order after (created_at, id), on the (owner, folder, created) index. */
export function filesInFolderPage(
  db: Executor,
  ownerId: string,
  folderId: string | null,
  after: { created_at: string; id: string } | undefined,
  limit: number,
): Promise<DavFileRow[]> {
  let query = db
    .selectFrom('files')
    .select(ENTRY_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where(inFolder(folderId));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute() as Promise<DavFileRow[]>;
}

/** The files among these ids, as a WebDAV listing shows them (the items shared with someone). */
export function fileRowsByIds(db: Executor, ids: string[]): Promise<DavFileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').select(ENTRY_COLUMNS).where('id', 'in', ids).execute() as Promise<
    DavFileRow[]
  >;
}
