import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** The row that counts an account's failures from every address together. */
export const ANY_CLIENT = '*';

export function findLoginFailures(db: Executor, email: string, client: string) {
  return db
    .selectFrom('login_failures')
    .selectAll()
    .where('email', '=', email)
    .where('client', '=', client)
    .executeTakeFirst();
}

/** Counts one failure, starting a new window when the stored one began before `windowStartAfter`. */
export async function recordLoginFailure(
  db: Executor,
  email: string,
  client: string,
  now: string,
  windowStartAfter: string,
) {
  await db
    .insertInto('login_failures')
    .values({ email, client, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.columns(['email', 'client']).doUpdateSet({
        failures: sql`case when login_failures.window_start < ${windowStartAfter} then 1 else login_failures.failures + 1 end`,
        window_start: sql`case when login_failures.window_start < ${windowStartAfter} then ${now} else login_failures.window_start end`,
      }),
    )
    .execute();
}

/** Forgets the failures of `email` from `client` and the account's total. */
export async function clearLoginFailures(db: Executor, email: string, client: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('email', '=', email)
    .where('client', 'in', [client, ANY_CLIENT])
    .execute();
}
