import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { UsersTable } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';

export type UserRow = Selectable<UsersTable>;
const PUBLIC_COLUMNS = ['id', 'name', 'email', 'role', 'disabled', 'created_at', 'updated_at'] as const;
export type UserRecord = Pick<UserRow, (typeof PUBLIC_COLUMNS)[number]>;

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
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
