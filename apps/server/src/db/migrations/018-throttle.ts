import type { Kysely } from 'kysely';

/**
 * One table counts every throttled attempt (sign-in, second factor, reset, password change, deletion,
 * link passwords, registration, single sign-on), keyed by policy and subject, counted before the secret is
 * checked. The four stores it replaces go; their counts are short-lived and start again at zero.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // Epoch milliseconds: when the window began, and when it ends.
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_counters_expires')
    .on('throttle_counters')
    .column('expires_at')
    .execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('link_unlock_failures').execute();
  // One column per statement: SQLite drops only one at a time.
  await db.schema.alterTable('totp').dropColumn('failures').execute();
  await db.schema.alterTable('totp').dropColumn('failure_window_start').execute();
}
