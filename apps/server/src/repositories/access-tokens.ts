import type { Executor } from '../db/executor';
import type { AccessTokensTable } from '../db/schema';
import { newestFirstPage } from './newest-first';
import { SIGNED_IN_USER_COLUMNS } from './sessions';

export async function insertAccessToken(db: Executor, token: AccessTokensTable): Promise<void> {
  await db.insertInto('access_tokens').values(token).execute();
}

const PUBLIC_COLUMNS = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

/** A page of the account's tokens, newest first, and how many it holds. */
export async function listAccessTokens(
  db: Executor,
  userId: string,
  page: { limit: number; cursor?: string },
) {
  const query = db.selectFrom('access_tokens').select(PUBLIC_COLUMNS).where('user_id', '=', userId);
  const result = await newestFirstPage(query, page);
  return { ...result, total: await countAccessTokens(db, userId) };
}

export async function countAccessTokens(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks the account's row (PostgreSQL) so that two new tokens at once are counted one after the other. */
export async function lockTokenOwner(db: Executor, userId: string, postgres: boolean): Promise<void> {
  let query = db.selectFrom('users').select('id').where('id', '=', userId);
  if (postgres) query = query.forUpdate();
  await query.execute();
}

export async function deleteAccessToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every token of the account (a password reset, a new sign-in method). */
export async function deleteAccessTokensOfUser(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The token and its user, if the token exists and the account is not disabled; expiry is the service's rule. */
export function findAccessTokenWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select([
      'access_tokens.id as token_id',
      'access_tokens.name as token_name',
      'access_tokens.scope',
      'access_tokens.expires_at',
      'access_tokens.last_used_at',
      ...SIGNED_IN_USER_COLUMNS,
    ])
    .where('access_tokens.token_hash', '=', tokenHash)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
}

export async function touchAccessToken(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
