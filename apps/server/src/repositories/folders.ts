import { sql } from 'kysely';
import { caseFold, FOLDER_MAX_DEPTH, nameSortKey } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import type { FoldersTable } from '../db/schema';
import { likePattern } from './like';
import { isPostgres } from '../db/totals';
import { decodeCursor, encodeCursor } from './cursor';

export type FolderRow = FoldersTable;
export type NewFolderRow = Omit<FolderRow, 'name_key' | 'name_fold'>;

/** The derived columns of a name: its sort key and its case-folded form. */
const nameColumns = (name: string) => ({ name, name_key: nameSortKey(name), name_fold: caseFold(name) });

export async function insertFolder(db: Executor, folder: NewFolderRow): Promise<void> {
  await db
    .insertInto('folders')
    .values({ ...folder, ...nameColumns(folder.name) })
    .execute();
}

export function findFolder(db: Executor, id: string): Promise<FolderRow | undefined> {
  return db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The folders with these ids (those that exist), in one read. */
export async function findFolders(db: Executor, ids: string[]): Promise<FolderRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('folders').selectAll().where('id', 'in', ids).execute();
}

const inParent = (parentId: string | null) =>
  parentId === null ? sql<boolean>`parent_id is null` : sql<boolean>`parent_id = ${parentId}`;

/** The owner's folder of that name (ignoring case) in the parent, if any. */
export function findChildFolder(
  db: Executor,
  ownerId: string,
  parentId: string | null,
  name: string,
): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`coalesce(parent_id, '') = ${parentId ?? ''}`)
    .where('name_fold', '=', caseFold(name))
    .executeTakeFirst();
}

/**
 * One keyset page of a folder's subfolders, by name (key, exact name, id, bytewise on both dialects), and how
 * many there are.
 */
export async function listChildFolders(
  db: Executor,
  ownerId: string,
  parentId: string | null,
  page: { limit: number; cursor?: string },
) {
  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  const keys = [sql`name_key${c}`, sql`name${c}`, sql`id${c}`];
  let query = db.selectFrom('folders').selectAll().where('owner_id', '=', ownerId).where(inParent(parentId));
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const after = decodeCursor(page.cursor, 'text');
  if (after) {
    const values = [nameSortKey(String(after.value)), after.value, after.id];
    query = query
      .where(sql<boolean>`(${sql.join(keys)}) > (${sql.join(values)})`)
      .where(sql<boolean>`${keys[0]} >= ${values[0]}`);
  }
  for (const key of keys) query = query.orderBy(key);
  const rows = await query.limit(page.limit + 1).execute();
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items,
    total: Number(total),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.name, last.id) : null,
  };
}

/**
 * The first `limit` of the owner's folders anywhere in their tree whose name contains `text` (ignoring case),
 * by name, and how many match: a search of the whole tree, however deep.
 */
export async function searchFolders(db: Executor, ownerId: string, text: string, limit: number) {
  const query = db
    .selectFrom('folders')
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`name_fold like ${likePattern(caseFold(text))} escape '\\'`);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  const items = await query
    .selectAll()
    .orderBy(sql`name_key${c}`)
    .orderBy(sql`id${c}`)
    .limit(limit)
    .execute();
  return { items, total: Number(total) };
}

/**
 * The folders above each of `ids` and the folder itself, with names and how far up each lies (0: the folder),
 * in one recursive query bounded by the depth limit: the paths a page of hits shows.
 */
export async function chainsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Array<{ start_id: string; id: string; name: string; depth: number }>> {
  if (!ids.length) return [];
  const { rows } = await sql<{ start_id: string; id: string; name: string; depth: number }>`
    with recursive chain as (
      select id as start_id, id, name, parent_id, 0 as depth from folders where id in (${sql.join([...ids])})
      union all
      select chain.start_id, f.id, f.name, f.parent_id, chain.depth + 1
      from folders f join chain on f.id = chain.parent_id where chain.depth < ${FOLDER_MAX_DEPTH}
    )
    select start_id, id, name, depth from chain`.execute(db);
  return rows;
}

/** Every subfolder of a parent, whatever their number (a zip or a copy walks them all). */
export function allChildFolders(db: Executor, parentId: string): Promise<FolderRow[]> {
  return db.selectFrom('folders').selectAll().where('parent_id', '=', parentId).orderBy('name_key').execute();
}

/**
 * The folder and its ancestors, nearest first, read in one recursive query; bounded by the depth limit so a
 * cycle (which the service never lets a move make) could not loop.
 */
export async function folderAndAncestors(db: Executor, id: string, maxDepth: number): Promise<FolderRow[]> {
  const { rows } = await sql<FolderRow & { depth: number }>`
    with recursive chain as (
      select folders.*, 0 as depth from folders where id = ${id}
      union all
      select f.*, chain.depth + 1 from folders f join chain on f.id = chain.parent_id where chain.depth < ${maxDepth}
    )
    select * from chain order by depth`.execute(db);
  return rows;
}

/**
 * For each of many folders, its id and the ids of every folder above it (bounded by the depth limit), in one
 * recursive query: what the shares of a whole list are looked up on.
 */
export async function ancestorIdsOfMany(
  db: Executor,
  ids: readonly string[],
  maxDepth: number,
): Promise<Array<{ start_id: string; id: string }>> {
  const { rows } = await sql<{ start_id: string; id: string }>`
    with recursive chain as (
      select id as start_id, id, parent_id, 0 as depth from folders where id in (${sql.join([...ids])})
      union all
      select chain.start_id, f.id, f.parent_id, chain.depth + 1
      from folders f join chain on f.id = chain.parent_id where chain.depth < ${maxDepth}
    )
    select start_id, id from chain`.execute(db);
  return rows;
}

/**
 * The ids of the folder and of every folder below it, the folder first, in one recursive query. Bounded by the
 * depth limit, as every walk of the tree is: a tree no move can make (a cycle, a chain past the limit) still
 * answers at once instead of running without end and holding its connection.
 */
export async function folderAndDescendantIds(db: Executor, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive tree as (
      select id, 0 as depth from folders where id = ${id}
      union all
      select f.id, tree.depth + 1 from folders f join tree on f.parent_id = tree.id
      where tree.depth < ${FOLDER_MAX_DEPTH}
    )
    select id from tree group by id order by min(depth), id`.execute(db);
  return rows.map((r) => r.id);
}

/** How many levels lie below the folder (0 when it has no subfolders), counted no further than the limit. */
export async function heightBelow(db: Executor, id: string): Promise<number> {
  const { rows } = await sql<{ height: number }>`
    with recursive tree as (
      select id, 0 as depth from folders where id = ${id}
      union all
      select f.id, tree.depth + 1 from folders f join tree on f.parent_id = tree.id
      where tree.depth < ${FOLDER_MAX_DEPTH}
    )
    select max(depth) as height from tree`.execute(db);
  return Number(rows[0]?.height ?? 0);
}

/**
 * Makes moves within one owner's tree take turns. Two moves that each pass the "not into itself" check on
 * their own (A into B, B into A) would, interleaved, make a cycle; the check and the move happen inside the
 * transaction that holds this. On PostgreSQL a transaction-scoped advisory lock per owner does it, across
 * processes, released at commit; SQLite runs one write transaction at a time already.
 */
export async function serialiseTreeMoves(db: Executor, ownerId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`folder-moves:${ownerId}`}))`.execute(db);
}

/**
 * Folders the top of their owner's tree does not reach within the depth limit: members of a cycle, what hangs
 * below one, a parent of another owner, or a chain past the limit. None of these can be made through the
 * service; they are what an old race or a hand-edited database leaves, for fsck to report and repair.
 */
export async function unreachableFolders(db: Executor): Promise<FolderRow[]> {
  const { rows } = await sql<FolderRow>`
    with recursive reached as (
      select id, owner_id, 1 as depth from folders where parent_id is null
      union all
      select f.id, f.owner_id, reached.depth + 1 from folders f
      join reached on f.parent_id = reached.id and f.owner_id = reached.owner_id
      where reached.depth < ${FOLDER_MAX_DEPTH}
    )
    select * from folders where id not in (select id from reached) order by id`.execute(db);
  return rows;
}

export async function updateFolderRow(
  db: Executor,
  id: string,
  changes: { name?: string; parent_id?: string | null },
  now: string,
): Promise<void> {
  const named = changes.name === undefined ? {} : nameColumns(changes.name);
  await db
    .updateTable('folders')
    .set({ ...changes, ...named, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes folder rows (their files must be gone first). */
export async function deleteFolderRows(db: Executor, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('folders')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** A batch of the ids of the files directly in these folders, for removal one by one through the dedup path. */
export async function fileIdsInFolders(db: Executor, folderIds: string[], limit: number): Promise<string[]> {
  if (!folderIds.length) return [];
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('folder_id', 'in', folderIds)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The ids among these that are folders of the owner. */
export async function ownedFolderIds(db: Executor, ownerId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('folders')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Every folder of an account, for removing the account. */
export async function deleteFoldersOfOwner(db: Executor, ownerId: string): Promise<void> {
  await db.deleteFrom('folders').where('owner_id', '=', ownerId).execute();
}
