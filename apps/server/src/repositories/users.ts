import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { nameSortKey } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import type { Database, UsersTable } from '../db/schema';
import { preparedQuery } from '../db/prepared-query';
import { isPostgres } from '../db/totals';
import { decodeCursor, encodeCursor } from './cursor';

export type UserRow = Selectable<UsersTable>;
const PUBLIC_COLUMNS = ['id', 'name', 'email', 'role', 'disabled', 'created_at', 'updated_at'] as const;
export type UserRecord = Pick<UserRow, (typeof PUBLIC_COLUMNS)[number]>;

/** An account as the services build it: its name's sort key is derived here, with the row. */
type NewUserRow = Omit<Insertable<UsersTable>, 'name_key'>;

async function insertUser(db: Executor, user: NewUserRow): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, name_key: nameSortKey(user.name) })
    .execute();
}

/** pg_advisory_xact_lock key that queues account creation; any constant other than the totals' would do. */
const ACCOUNT_CREATION_LOCK = 827_151_338;

/**
 * Inserts an account whose role depends on whether it is the first: the administrator when no account exists
 * yet, a standard user otherwise; answers the role given. Counting and inserting must not interleave with
 * another registration, or two first accounts could both count zero and both become administrators. On
 * PostgreSQL (READ COMMITTED) a transaction-scoped advisory lock queues them and is released at commit, after
 * which the next one counts the committed row. On SQLite the one connection runs one transaction at a time.
 */
export async function insertUserFirstAsAdmin(
  trx: Transaction<Database>,
  user: Omit<NewUserRow, 'role'>,
): Promise<UserRow['role']> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`.execute(trx);
  const role = (await countUsers(trx)) === 0 ? 'admin' : 'user';
  await insertUser(trx, { ...user, role });
  return role;
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

// Every signed download link resolves its user with this.
const userById = preparedQuery((db, id: string) =>
  db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id),
);

export async function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  return (await userById(db, id))[0];
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserRole(
  db: Executor,
  id: string,
  role: UserRow['role'],
  now: string,
): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
}

export async function usersSummary(db: Executor) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(sql`case when role = 'admin' then 1 else 0 end`).as('admins'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const admins = Number(row.admins ?? 0);
  return { totalUsers: total, admins, regularUsers: total - admins };
}

/** Newest accounts first, one keyset page at a time; `q` matches name or email. */
export async function listUsers(db: Executor, opts: { q?: string; limit: number; cursor?: string }) {
  let query = db.selectFrom('users').select(PUBLIC_COLUMNS);
  if (opts.q) {
    const pattern = `%${opts.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(email) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const total = Number(
    (
      await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const after = decodeCursor(opts.cursor, 'text');
  if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.value}, ${after.id})`);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > opts.limit && last ? encodeCursor(last.created_at, last.id) : null;
  return { rows: page, total, nextCursor };
}

export function findUserWithPasswordHash(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUserName(db: Executor, id: string, name: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ name, name_key: nameSortKey(name), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: Executor, id: string, hash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

export async function updateUserAccess(
  db: Executor,
  id: string,
  changes: { disabled?: number; role?: 'user' | 'admin' },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The ids of administrators who can still act (not disabled). On PostgreSQL their rows are locked until the
 * transaction ends, so two administrators demoting each other at once cannot both succeed; SQLite has a
 * single writer, which gives the same guarantee.
 */
export async function lockActiveAdminIds(db: Executor, postgres: boolean): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0);
  if (postgres) query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export async function deleteUserRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** How many of these ids name accounts. */
export async function countExistingUsers(db: Executor, ids: string[]): Promise<number> {
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids.slice(i, i + 500))
      .executeTakeFirstOrThrow();
    found += Number(row.n);
  }
  return found;
}

/**
 * Accounts someone may find when sharing, never themselves, by name, newest first: with `everyone` any account
 * whose name or email starts with `q`; else those connected to `viewerId` (sharing a group with them, or a share
 * either way between them) whose name or email starts with `q`, and any account whose email is exactly `q`.
 */
export async function findPeople(
  db: Executor,
  viewerId: string,
  opts: { q: string; everyone: boolean; limit: number },
): Promise<UserRecord[]> {
  const q = opts.q.toLowerCase();
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const startsWith = sql<boolean>`(lower(name) like ${prefix} escape '\\' or lower(email) like ${prefix} escape '\\')`;
  const connected = sql<boolean>`(
    id in (select m.user_id from group_members m join group_members mine on mine.group_id = m.group_id
           where mine.user_id = ${viewerId})
    or id in (select owner_id from shares where grantee_kind = 'user' and grantee_id = ${viewerId})
    or id in (select created_by from shares where grantee_kind = 'user' and grantee_id = ${viewerId})
    or id in (select s.owner_id from shares s join group_members mine on mine.group_id = s.grantee_id
              where s.grantee_kind = 'group' and mine.user_id = ${viewerId})
    or id in (select grantee_id from shares where grantee_kind = 'user'
              and (owner_id = ${viewerId} or created_by = ${viewerId})))`;
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .where('id', '!=', viewerId)
    .where(
      opts.everyone ? startsWith : sql<boolean>`((${connected} and ${startsWith}) or lower(email) = ${q})`,
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}
