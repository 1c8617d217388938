import type { Executor } from '../db/executor';
import { preparedQuery } from '../db/prepared-query';
import type { SessionsTable } from '../db/schema';

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
