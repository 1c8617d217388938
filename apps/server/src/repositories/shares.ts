import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { SharesTable } from '../db/schema';

export type ShareRow = SharesTable;

/** The viewer's shares: given to the account, or to a group it belongs to. */
export const grantedTo = (db: Executor, userId: string) =>
  sql<boolean>`((shares.grantee_kind = 'user' and shares.grantee_id = ${userId}) or (shares.grantee_kind = 'group' and shares.grantee_id in (${db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', userId)})))`;

export async function insertShare(db: Executor, row: ShareRow): Promise<void> {
  await db.insertInto('shares').values(row).execute();
}

export function findShare(db: Executor, id: string): Promise<ShareRow | undefined> {
  return db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findShareOf(
  db: Executor,
  itemId: string,
  grantee: { kind: 'user' | 'group'; id: string },
): Promise<ShareRow | undefined> {
  return db
    .selectFrom('shares')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('grantee_kind', '=', grantee.kind)
    .where('grantee_id', '=', grantee.id)
    .executeTakeFirst();
}

export async function updateShare(
  db: Executor,
  id: string,
  changes: Partial<Pick<ShareRow, 'role' | 'reshare'>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('shares')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteShare(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shares').where('id', '=', id).execute();
}

/** Who has access to an item: each share with its grantee's name (and email, or member count). */
export async function sharesOfItem(db: Executor, itemId: string) {
  const { rows } = await sql<
    ShareRow & {
      person_name: string | null;
      person_email: string | null;
      group_name: string | null;
      members: number;
    }
  >`
    select shares.*, u.name as person_name, u.email as person_email, g.name as group_name,
      (select count(*) from group_members m where m.group_id = g.id) as members
    from shares
    left join users u on shares.grantee_kind = 'user' and u.id = shares.grantee_id
    left join groups g on shares.grantee_kind = 'group' and g.id = shares.grantee_id
    where shares.item_id = ${itemId} and (u.id is not null or g.id is not null)
    order by shares.created_at, shares.id`.execute(db);
  return rows.map((row) => ({ ...row, members: Number(row.members ?? 0) }));
}

/** The shares that reach the viewer on any of these items (an item and the folders above it). */
export function grantsOn(db: Executor, userId: string, itemIds: string[]) {
  return db
    .selectFrom('shares')
    .select(['item_id', 'role', 'reshare'])
    .where('item_id', 'in', itemIds)
    .where(grantedTo(db, userId))
    .execute();
}

/** Whether the account may edit anything someone else shared with it. */
export async function editsSharedItems(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares')
    .select('id')
    .where('role', '=', 'editor')
    .where(grantedTo(db, userId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every item shared with the viewer by someone else, one row per share, with the item and its owner's name. */
export async function sharedWith(db: Executor, userId: string) {
  const { rows } = await sql<
    Pick<
      ShareRow,
      'id' | 'item_kind' | 'item_id' | 'grantee_kind' | 'role' | 'reshare' | 'created_at' | 'owner_id'
    > & {
      owner_name: string;
      filename: string | null;
      mimetype: string | null;
      size: number | null;
      is_public: number | null;
      file_folder_id: string | null;
      folder_name: string | null;
    }
  >`
    select shares.id, shares.item_kind, shares.item_id, shares.grantee_kind, shares.role, shares.reshare,
      shares.created_at, shares.owner_id, u.name as owner_name, f.filename, f.mimetype, f.size,
      f.is_public, f.folder_id as file_folder_id, fo.name as folder_name
    from shares
    join users u on u.id = shares.owner_id
    left join files f on shares.item_kind = 'file' and f.id = shares.item_id
    left join folders fo on shares.item_kind = 'folder' and fo.id = shares.item_id
    where ${grantedTo(db, userId)} and shares.owner_id <> ${userId} and (f.id is not null or fo.id is not null)
    order by shares.created_at desc, shares.id`.execute(db);
  return rows;
}

/** The shares of items that are gone for good (a purge or a delete without a trash). */
export async function deleteSharesOfItems(db: Executor, itemIds: string[]): Promise<void> {
  for (let i = 0; i < itemIds.length; i += 500)
    await db
      .deleteFrom('shares')
      .where('item_id', 'in', itemIds.slice(i, i + 500))
      .execute();
}

/** Every share an account made or was given, when the account is removed. */
export async function deleteSharesOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('shares').where('owner_id', '=', userId).execute();
  await db.deleteFrom('shares').where('grantee_kind', '=', 'user').where('grantee_id', '=', userId).execute();
}
