import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Earlier versions of a file: when a file's bytes are replaced, its previous bytes may be kept as a row here
 * (VERSIONS_KEEP of them per file). A version holds a reference on its blob like a file does, so the bytes stay
 * until the version goes, and bytes another file or version already holds cost nothing more.
 *
 *  - file_versions: one row per kept version; listed newest first per file (index on file, creation, id);
 *    fsck counts a blob's references over files and versions (index on the blob).
 *  - owner_file_totals.versions / version_size and file_totals.versions / version_size: maintained by
 *    triggers in the same transaction, like every other total (migration 002): the quota and the statistics
 *    read them, never a scan of file_versions. On PostgreSQL the trigger is deferred to commit and takes the
 *    same advisory lock as the other totals triggers, for the same reason (no deadlock between transactions
 *    that lock blob rows and totals in different orders).
 *
 * Frozen as it ran: the SQL below is built here, not by a runtime helper.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('file_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No cascade: removing a file releases its versions' blob references first (services/blob-references.ts).
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('blob_hash', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    // Who replaced these bytes (made them a version); null once that account is gone.
    .addColumn('replaced_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_versions_file')
    .on('file_versions')
    .columns(['file_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('file_versions_blob').on('file_versions').column('blob_hash').execute();

  for (const table of ['owner_file_totals', 'file_totals']) {
    await db.schema
      .alterTable(table)
      .addColumn('versions', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('version_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  if (pg) await createPostgresTrigger(db);
  else await createSqliteTriggers(db);
}

const ADVISORY_LOCK = 827_151_337;

/** Statements that add (sign 1) or remove (sign -1) one file_versions row `r` (NEW or OLD) from the totals. */
function versionDelta(pg: boolean, sign: 1 | -1, r: 'NEW' | 'OLD', slot: string): string[] {
  const s = sign === 1 ? '+' : '-';
  return [
    pg
      ? `insert into owner_file_totals (owner_id) values (${r}.owner_id) on conflict do nothing`
      : `insert or ignore into owner_file_totals (owner_id) values (${r}.owner_id)`,
    `update owner_file_totals set versions = versions ${s} 1, version_size = version_size ${s} ${r}.size
     where owner_id = ${r}.owner_id`,
    `update file_totals set versions = versions ${s} 1, version_size = version_size ${s} ${r}.size
     where slot = ${slot}`,
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function createSqliteTriggers(db: Kysely<any>) {
  const body = (statements: string[]) => `begin\n${statements.map((q) => `${q};`).join('\n')}\nend`;
  await sql
    .raw(
      `create trigger file_versions_totals_insert after insert on file_versions ${body(versionDelta(false, 1, 'NEW', '0'))}`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger file_versions_totals_delete after delete on file_versions ${body(versionDelta(false, -1, 'OLD', '0'))}`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function createPostgresTrigger(db: Kysely<any>) {
  const block = (statements: string[]) => statements.map((q) => `${q};`).join('\n');
  await sql
    .raw(
      `create function cloudstash_version_totals() returns trigger language plpgsql as $$
       declare slot_no integer := 0;
       begin
         perform pg_advisory_xact_lock(${ADVISORY_LOCK});
         if TG_OP = 'DELETE' then
           ${block(versionDelta(true, -1, 'OLD', 'slot_no'))}
         end if;
         if TG_OP = 'INSERT' then
           ${block(versionDelta(true, 1, 'NEW', 'slot_no'))}
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger file_versions_totals after insert or delete on file_versions
       deferrable initially deferred for each row execute function cloudstash_version_totals()`,
    )
    .execute(db);
}
