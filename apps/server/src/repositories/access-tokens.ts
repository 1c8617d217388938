import type { Executor } from '../db/executor';
import type { AccessTokensTable } from '../db/schema';
import { SIGNED_IN_USER_COLUMNS } from './sessions';

export async function insertAccessToken(db: Executor, token: AccessTokensTable): Promise<void> {
  await db.insertInto('access_tokens').values(token).execute();
}

const PUBLIC_COLUMNS = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

export function listAccessTokens(db: Executor, userId: string) {
  return db
    .selectFrom('access_tokens')
    .select(PUBLIC_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function deleteAccessToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token and its user, if the token exists and the account is not disabled; expiry is the service's rule. */
export function findAccessTokenWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select([
      'access_tokens.id as token_id',
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
