import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/**
 * Counts one request against `key` in the window that started at `windowStart` (epoch ms) and returns the
 * count so far. One upsert, so concurrent processes never lose a hit nor read a stale count.
 */
export async function incrementRateLimit(
  db: Executor,
  key: string,
  windowStart: number,
  expiresAt: string,
): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Forgets windows that have ended. */
export async function deleteExpiredRateLimits(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
}
