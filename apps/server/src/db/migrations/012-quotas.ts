import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Storage quotas, and byte counts that hold files over 2 GB.
 *  - users.quota_custom = 1 when an administrator set this account's quota; then quota_bytes is it (null: no
 *    limit). Otherwise the account follows DEFAULT_QUOTA_BYTES, whatever that is set to now.
 *  - files.size and blobs.size become 64-bit on PostgreSQL (SQLite integers already are). PostgreSQL cannot
 *    change a column's type while a trigger condition names it, so the two totals triggers whose conditions
 *    read the sizes (migration 002) are dropped and created again exactly as they were.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
export async function up(db: Kysely<any>): Promise<void> {
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
  await sql`create constraint trigger files_totals_update after update on files deferrable initially deferred for each row when (OLD.owner_id <> NEW.owner_id or OLD.size <> NEW.size or OLD.is_public <> NEW.is_public
  or OLD.download_count <> NEW.download_count or OLD.category <> NEW.category) execute function cloudstash_file_totals()`.execute(
    db,
  );
  await sql`create constraint trigger blobs_totals_update after update on blobs deferrable initially deferred for each row when ((OLD.ref_count > 0) <> (NEW.ref_count > 0) or (NEW.ref_count > 0 and OLD.size <> NEW.size)) execute function cloudstash_blob_totals()`.execute(
    db,
  );
}
