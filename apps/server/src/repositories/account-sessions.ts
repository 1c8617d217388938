import type { Executor } from '../db/executor';
import { newestFirstPage } from './newest-first';

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
