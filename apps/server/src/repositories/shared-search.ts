import { sql } from 'kysely';
import { caseFold, FOLDER_MAX_DEPTH } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { isPostgres } from '../db/totals';
import { selectWithOwner, type FileWithOwner } from './files';
import type { FolderRow } from './folders';
import { likePattern } from './like';
import { grantedTo } from './shares';

/** Shares given to the account (directly or through a group) of items it does not own itself. */
const sharesTo = (db: Executor, userId: string, kind: 'file' | 'folder') =>
  sql`select shares.item_id from shares
    where shares.item_kind = ${kind} and ${grantedTo(db, userId)} and shares.owner_id <> ${userId}`;

/** Every folder shared with the account and every folder below one, to the depth limit: a subquery of ids. */
const sharedFolderIds = (db: Executor, userId: string) => sql`(
  with recursive tree as (
    select item_id as id, 0 as depth from (${sharesTo(db, userId, 'folder')}) roots
    union all
    select f.id, tree.depth + 1 from folders f join tree on f.parent_id = tree.id
    where tree.depth < ${FOLDER_MAX_DEPTH}
  )
  select id from tree)`;

/** Byte order on both dialects, as every name-sorted list here is. */
const bytewise = (db: Executor) => (isPostgres(db) ? sql` collate "C"` : sql``);

/** Folders in what is shared with the account whose name contains `text`, the first `limit` by name. */
export function searchSharedFolders(
  db: Executor,
  userId: string,
  text: string,
  limit: number,
): Promise<FolderRow[]> {
  const c = bytewise(db);
  return db
    .selectFrom('folders')
    .selectAll()
    .where(sql<boolean>`id in ${sharedFolderIds(db, userId)}`)
    .where(sql<boolean>`name_fold like ${likePattern(caseFold(text))} escape '\\'`)
    .orderBy(sql`name_key${c}`)
    .orderBy(sql`id${c}`)
    .limit(limit)
    .execute();
}

/**
 * Files shared with the account, or lying in a folder shared with it, whose name contains `text`: the first
 * `limit` by name.
 */
export async function searchSharedFiles(
  db: Executor,
  userId: string,
  text: string,
  limit: number,
): Promise<FileWithOwner[]> {
  const c = bytewise(db);
  const rows = await selectWithOwner(db)
    .where(
      sql<boolean>`(files.folder_id in ${sharedFolderIds(db, userId)} or files.id in (${sharesTo(db, userId, 'file')}))`,
    )
    .where(sql<boolean>`lower(files.filename) like ${likePattern(text)} escape '\\'`)
    .orderBy(sql`files.filename_key${c}`)
    .orderBy(sql`files.id${c}`)
    .limit(limit)
    .execute();
  return rows as unknown as FileWithOwner[];
}
