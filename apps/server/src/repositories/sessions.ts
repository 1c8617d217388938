import type { Executor } from '../db/executor';
import { preparedQuery } from '../db/prepared-query';
import type { SessionsTable } from '../db/schema';
import { newestFirstPage } from './newest-first';

/** What a request learns of the account behind a session or an access token. */
export const SIGNED_IN_USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.role',
  'users.disabled',
  'users.created_at',
  'users.updated_at',
] as const;

export async function insertSession(db: Executor, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

// Every signed-in request resolves its session with this.
const sessionWithUser = preparedQuery((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      ...SIGNED_IN_USER_COLUMNS,
    ])
    .where('sessions.token_hash', '=', tokenHash)
    // A disabled account's sessions stop on the very next request, on every process.
    .where('users.disabled', '=', 0),
);

/** The session and its user, if the session exists; expiry is the service's rule. */
export async function findSessionWithUser(db: Executor, tokenHash: string) {
  return (await sessionWithUser(db, tokenHash))[0];
}

export async function touchSession(db: Executor, tokenHash: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A page of the account's live sessions (not expired, used since `idleBefore`), newest first, and how many. */
export async function listSessionsOfUser(
  db: Executor,
  userId: string,
  live: { now: string; idleBefore: string },
  page: { limit: number; cursor?: string },
) {
  const liveSessions = () =>
    db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '>', live.now)
      .where('last_seen_at', '>=', live.idleBefore);
  const query = liveSessions().select([
    'id',
    'token_hash',
    'user_agent',
    'address',
    'created_at',
    'last_seen_at',
    'expires_at',
  ]);
  const result = await newestFirstPage(query, page);
  const { n } = await liveSessions()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...result, total: Number(n) };
}

/** Ends the account's sessions beyond the `keep` most recently used: an account cannot pile them up. */
export async function deleteSessionsBeyond(db: Executor, userId: string, keep: number): Promise<void> {
  const kept = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'not in', kept).execute();
}

export async function deleteSessionOfUser(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the account but the one whose hash is `keepTokenHash` (none when undefined). */
export async function deleteSessionsOfUserExcept(
  db: Executor,
  userId: string,
  keepTokenHash: string | undefined,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
