import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Background work (one row per kind and key, so enqueueing twice is harmless) and the thumbnails made for
 * a blob's content. Thumbnail rows go with their blob row: reclaiming a blob cascades to them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
    .execute();
  // The claim reads queued jobs that are due, and running jobs whose lease ran out, off these.
  await db.schema
    .createIndex('jobs_state_run_after')
    .on('jobs')
    .columns(['state', 'run_after', 'id'])
    .execute();
  await db.schema.createIndex('jobs_state_lease').on('jobs').columns(['state', 'lease_expires_at']).execute();

  await db.schema
    .createTable('thumbnails')
    .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash').onDelete('cascade'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('thumbnails_pk', ['blob_hash', 'size'])
    .execute();
  // The thumbnails' count and bytes for the storage statistics, kept by triggers on `thumbnails` so that no
  // statistic sums that table (two rows per stored image). On PostgreSQL the trigger is deferred to commit and
  // takes the same advisory lock as the file totals (migration 002): a reclamation deletes a blob row (which
  // cascades to its thumbnails) and the worker inserts thumbnails under that blob row's key lock, so updating
  // this one row immediately would order locks differently from the file totals; deferred, every totals update
  // is last.
  await db.schema
    .createTable('thumbnail_totals')
    .addColumn('slot', 'integer', (c) => c.primaryKey())
    .addColumn('thumbnails', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into thumbnail_totals (slot, thumbnails, bytes)
    select 0, count(*), coalesce(sum(bytes), 0) from thumbnails`.execute(db);
  const add = (r: 'NEW' | 'OLD', s: '+' | '-') =>
    `update thumbnail_totals set thumbnails = thumbnails ${s} 1, bytes = bytes ${s} ${r}.bytes where slot = 0`;
  if (!isPostgres(db)) {
    await sql
      .raw(`create trigger thumbnails_totals_insert after insert on thumbnails begin ${add('NEW', '+')}; end`)
      .execute(db);
    await sql
      .raw(`create trigger thumbnails_totals_delete after delete on thumbnails begin ${add('OLD', '-')}; end`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function cloudstash_thumbnail_totals() returns trigger language plpgsql as $$
       begin
         perform pg_advisory_xact_lock(827151337);
         if TG_OP = 'DELETE' then ${add('OLD', '-')}; end if;
         if TG_OP = 'INSERT' then ${add('NEW', '+')}; end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger thumbnails_totals after insert or delete on thumbnails
       deferrable initially deferred for each row execute function cloudstash_thumbnail_totals()`,
    )
    .execute(db);
}
