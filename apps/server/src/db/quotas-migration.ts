import { sql, type Kysely } from 'kysely';
import { createPostgresUpdateTriggers, isPostgres } from './totals';

/**
 * Storage quotas, and byte counts that hold files over 2 GB.
 *  - users.quota_custom = 1 when an administrator set this account's quota; then quota_bytes is it (null: no
 *    limit). Otherwise the account follows DEFAULT_QUOTA_BYTES, whatever that is set to now.
 *  - files.size and blobs.size become 64-bit on PostgreSQL (SQLite integers already are).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
export async function addQuotas(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('quota_custom', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('quota_bytes', 'bigint').execute();
  if (!isPostgres(db)) return;
  await sql`drop trigger files_totals_update on files`.execute(db);
  await sql`drop trigger blobs_totals_update on blobs`.execute(db);
  await sql`alter table files alter column size type bigint`.execute(db);
  await sql`alter table blobs alter column size type bigint`.execute(db);
  await createPostgresUpdateTriggers(db);
}
