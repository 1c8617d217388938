import { sql } from 'kysely';
import type { Executor } from '../db/executor';

export function findLoginFailures(db: Executor, email: string) {
  return db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Counts one failure, starting a new window when the stored one began before `windowStartAfter`. */
export async function recordLoginFailure(db: Executor, email: string, now: string, windowStartAfter: string) {
  await db
    .insertInto('login_failures')
    .values({ email, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql`case when login_failures.window_start < ${windowStartAfter} then 1 else login_failures.failures + 1 end`,
        window_start: sql`case when login_failures.window_start < ${windowStartAfter} then ${now} else login_failures.window_start end`,
      }),
    )
    .execute();
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
