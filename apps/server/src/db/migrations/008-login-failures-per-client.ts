import { sql, type Kysely } from 'kysely';

/**
 * The hard lock counted per account alone let anyone lock anyone out; it is now per account and client
 * address, and the account's total (client '*') only slows sign-ins down. Counts so far become totals.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures_by_client')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_by_client_pk', ['email', 'client'])
    .execute();
  await sql`insert into login_failures_by_client (email, client, window_start, failures)
    select email, '*', window_start, failures from login_failures`.execute(db);
  await db.schema.dropTable('login_failures').execute();
  await db.schema.alterTable('login_failures_by_client').renameTo('login_failures').execute();
}
