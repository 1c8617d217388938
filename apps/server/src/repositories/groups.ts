import { sql } from 'kysely';
import { caseFold } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import type { GroupsTable } from '../db/schema';

export type GroupRow = GroupsTable & { member_count: number };

const withCount = (db: Executor) =>
  db
    .selectFrom('groups')
    .selectAll('groups')
    .select(
      sql<number>`(select count(*) from group_members m where m.group_id = groups.id)`.as('member_count'),
    );

export async function insertGroup(db: Executor, group: Omit<GroupsTable, 'name_fold'>): Promise<void> {
  await db
    .insertInto('groups')
    .values({ ...group, name_fold: caseFold(group.name) })
    .execute();
}

export async function renameGroup(db: Executor, id: string, name: string, now: string): Promise<void> {
  await db
    .updateTable('groups')
    .set({ name, name_fold: caseFold(name), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function findGroup(db: Executor, id: string): Promise<GroupRow | undefined> {
  const row = await withCount(db).where('id', '=', id).executeTakeFirst();
  return row && { ...row, member_count: Number(row.member_count) };
}

/** Every group by name, or those whose name holds `q` (ignoring case). */
export async function listGroups(db: Executor, q = ''): Promise<GroupRow[]> {
  let query = withCount(db);
  if (q) {
    const pattern = `%${caseFold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`name_fold like ${pattern} escape '\\'`);
  }
  const rows = await query.orderBy('name_fold').orderBy('id').limit(500).execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count) }));
}

export async function groupsOfUser(db: Executor, userId: string): Promise<GroupRow[]> {
  const rows = await withCount(db)
    .where('id', 'in', db.selectFrom('group_members').select('group_id').where('user_id', '=', userId))
    .orderBy('name_fold')
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count) }));
}

export function groupMembers(db: Executor, groupId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('group_members.group_id', '=', groupId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** Replaces the member list with `userIds` (already known to be accounts). */
export async function setGroupMembers(db: Executor, groupId: string, userIds: string[], now: string) {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 500) {
    await db
      .insertInto('group_members')
      .values(unique.slice(i, i + 500).map((user_id) => ({ group_id: groupId, user_id, created_at: now })))
      .execute();
  }
}

/** The group, its members and every share given to it. */
export async function deleteGroup(db: Executor, id: string): Promise<boolean> {
  await db.deleteFrom('group_members').where('group_id', '=', id).execute();
  await db.deleteFrom('shares').where('grantee_kind', '=', 'group').where('grantee_id', '=', id).execute();
  const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** An account's memberships, when the account is removed. */
export async function removeMemberEverywhere(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
}
