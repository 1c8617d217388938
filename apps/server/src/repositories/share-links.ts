import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { LinksTable } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';

export type LinkRow = Omit<
  LinksTable,
  'downloads' | 'message' | 'max_files' | 'max_bytes' | 'files_received' | 'bytes_received'
> & {
  downloads: number;
  /** Upload links only (db/migrations/025-sharing.ts); absent means null and 0. */
  message?: string | null;
  max_files?: number | null;
  max_bytes?: number | null;
  files_received?: number;
  bytes_received?: number;
};

/**
 * A link with what its lists show: the shared file's or folder's name and the owner's name; and whether the
 * owner is disabled.
 */
export interface LinkWithFile extends LinkRow {
  filename: string;
  owner_name: string | null;
  owner_disabled: number | null;
}

/** Which links a list holds: one owner's, one file's, one folder's, or every link (administrators). */
export type LinkScope =
  | { kind: 'owner'; ownerId: string }
  | { kind: 'file'; fileId: string }
  | { kind: 'folder'; folderId: string }
  | { kind: 'all' };

/** Links whose file or folder is there (one in the trash is not: its links wait with it). */
function selectWithFile(db: Executor) {
  return db
    .selectFrom('links')
    .leftJoin('files', 'files.id', 'links.file_id')
    .leftJoin('folders', 'folders.id', 'links.folder_id')
    .leftJoin('users', 'users.id', 'links.owner_id')
    .selectAll('links')
    .select((eb) => [
      eb.fn.coalesce('files.filename', 'folders.name').$castTo<string>().as('filename'),
      'users.name as owner_name',
      'users.disabled as owner_disabled',
    ])
    .where((eb) => eb.or([eb('files.id', 'is not', null), eb('folders.id', 'is not', null)]));
}

export async function insertLink(db: Executor, row: LinkRow): Promise<void> {
  await db.insertInto('links').values(row).execute();
}

export function findLinkById(db: Executor, id: string): Promise<LinkWithFile | undefined> {
  return selectWithFile(db).where('links.id', '=', id).executeTakeFirst();
}

export function findLinkByTokenHash(db: Executor, tokenHash: string): Promise<LinkWithFile | undefined> {
  return selectWithFile(db).where('links.token_hash', '=', tokenHash).executeTakeFirst();
}

/** Newest first, keyset-paged on (created_at, id). */
export async function listLinks(
  db: Executor,
  scope: LinkScope,
  page: { limit: number; cursor?: string },
): Promise<{ rows: LinkWithFile[]; total: number; nextCursor: string | null }> {
  // Upload links are listed apart (listRequests): they share nothing to download.
  let query = selectWithFile(db).where('links.kind', '!=', 'request');
  let count = db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('links.kind', '!=', 'request');
  if (scope.kind === 'owner') {
    query = query.where('links.owner_id', '=', scope.ownerId);
    count = count.where('links.owner_id', '=', scope.ownerId);
  } else if (scope.kind === 'file') {
    query = query.where('links.file_id', '=', scope.fileId);
    count = count.where('links.file_id', '=', scope.fileId);
  } else if (scope.kind === 'folder') {
    query = query.where('links.folder_id', '=', scope.folderId);
    count = count.where('links.folder_id', '=', scope.folderId);
  }
  const after = decodeCursor(page.cursor, 'text');
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('links.created_at', '<', String(after.value)),
        eb.and([eb('links.created_at', '=', String(after.value)), eb('links.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('links.created_at', 'desc')
    .orderBy('links.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const { n } = (await count.executeTakeFirstOrThrow()) as { n: number };
  return {
    rows: items,
    total: Number(n),
    nextCursor: more && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

/** The upload links of a folder, or of an owner, newest first (few per folder: no paging). */
export function listRequests(db: Executor, scope: { folderId: string } | { ownerId: string }) {
  let query = selectWithFile(db).where('links.kind', '=', 'request');
  query =
    'folderId' in scope
      ? query.where('links.folder_id', '=', scope.folderId)
      : query.where('links.owner_id', '=', scope.ownerId);
  return query.orderBy('links.created_at', 'desc').orderBy('links.id', 'desc').limit(1000).execute();
}

export async function updateRequest(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<LinkRow, 'label' | 'password_hash' | 'expires_at' | 'max_files' | 'max_bytes' | 'message'>
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('links').set(changes).where('id', '=', id).execute();
}

/** The folder and upload links of folders gone for good (a file's links go with it by foreign key). */
export async function deleteLinksOfFolders(db: Executor, folderIds: string[]): Promise<void> {
  for (let i = 0; i < folderIds.length; i += 500)
    await db
      .deleteFrom('links')
      .where('folder_id', 'in', folderIds.slice(i, i + 500))
      .execute();
}

/** Revokes a link once; a second revoke keeps the first time. */
export async function revokeLink(db: Executor, id: string, now: string): Promise<void> {
  await db
    .updateTable('links')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Claims `n` downloads of a link at once (a zip of `n` files through a folder link), all or none, under the
 * same conditions as one.
 */
export async function claimLinkDownloads(db: Executor, id: string, n: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('links')
    .set({ downloads: sql`downloads + ${n}`, last_download_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_downloads', 'is', null), sql<boolean>`downloads + ${n} <= max_downloads`]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks an upload link's row until the transaction ends (a write to itself), answering its limits and counts. */
export function lockRequest(db: Executor, id: string) {
  return db
    .updateTable('links')
    .set((eb) => ({ files_received: eb.ref('files_received') }))
    .where('id', '=', id)
    .where('kind', '=', 'request')
    .returning(['max_files', 'max_bytes', 'files_received', 'bytes_received'])
    .executeTakeFirst();
}

/**
 * Counts one file of `bytes` into an upload link, in the transaction that stores it: only while the link is
 * open, unexpired and has room for one more file and for those bytes. One conditional statement, so twenty
 * uploads at once can never take it past either limit.
 */
export async function claimRequestUpload(
  db: Executor,
  id: string,
  bytes: number,
  now: string,
): Promise<boolean> {
  const row = await db
    .updateTable('links')
    .set({ files_received: sql`files_received + 1`, bytes_received: sql`bytes_received + ${bytes}` })
    .where('id', '=', id)
    .where('kind', '=', 'request')
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_files', 'is', null), eb('files_received', '<', eb.ref('max_files'))]))
    .where((eb) => eb.or([eb('max_bytes', 'is', null), sql<boolean>`bytes_received + ${bytes} <= max_bytes`]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims one download of a link in a single statement: it succeeds only while the link is not revoked, not
 * expired and under its limit, so concurrent downloads can never take it past the limit (each UPDATE sees the
 * count the previous one committed, on SQLite's single writer and under PostgreSQL's row lock alike).
 */
export async function claimLinkDownload(db: Executor, id: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('links')
    .set({ downloads: sql`downloads + 1`, last_download_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_downloads', 'is', null), eb('downloads', '<', eb.ref('max_downloads'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
