import { sql } from 'kysely';
import type { Executor } from '../db/executor';

export function findUnlockFailures(db: Executor, key: string) {
  return db.selectFrom('link_unlock_failures').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Counts one wrong password under `key`, starting a new window when the stored one began before `windowStartAfter`. */
export async function recordUnlockFailure(db: Executor, key: string, now: string, windowStartAfter: string) {
  await db
    .insertInto('link_unlock_failures')
    .values({ key, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when link_unlock_failures.window_start < ${windowStartAfter} then 1 else link_unlock_failures.failures + 1 end`,
        window_start: sql`case when link_unlock_failures.window_start < ${windowStartAfter} then ${now} else link_unlock_failures.window_start end`,
      }),
    )
    .execute();
}

/** Forgets windows that ended before `before` (the maintenance sweep). */
export async function purgeUnlockFailures(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('link_unlock_failures').where('window_start', '<', before).execute();
}
