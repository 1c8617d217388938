import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/**
 * Counts one attempt under `key` and answers the count with it and the start of its window (epoch ms). One
 * upsert, so attempts arriving together on any number of processes each get their own count: none is lost and
 * none reads a count another has not yet written. A window that ended by `now` starts again at `now`.
 */
export async function countAttempt(
  db: Executor,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; windowStart: number }> {
  const ended = sql<boolean>`throttle_counters.window_start <= ${now - windowMs}`;
  const row = await db
    .insertInto('throttle_counters')
    .values({ key, window_start: now, count: 1, expires_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else throttle_counters.count + 1 end`,
        window_start: sql`case when ${ended} then ${now} else throttle_counters.window_start end`,
        expires_at: sql`case when ${ended} then ${now + windowMs} else throttle_counters.expires_at end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Takes back one attempt under `key` (a success that should not use up the budget). */
export async function uncountAttempt(db: Executor, key: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set({ count: sql`throttle_counters.count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCounter(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
}

/** Forgets counters whose window ended before `now`. */
export async function deleteEndedCounters(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('throttle_counters').where('expires_at', '<', now).execute();
}
