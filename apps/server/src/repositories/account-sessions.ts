import type { Executor } from '../db/executor';

/** Every session of an account, newest use first; expiry is the service's rule. */
export function listSessionsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'address', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
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
