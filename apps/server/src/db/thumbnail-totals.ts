import { sql, type Kysely } from 'kysely';
import { ADVISORY_LOCK, isPostgres } from './totals';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
type AnyDb = Kysely<any>;

/**
 * The thumbnails' count and bytes for the storage statistics, kept by triggers on `thumbnails` so that no
 * statistic sums that table (two rows per stored image). On PostgreSQL the trigger is deferred to commit and
 * takes the same advisory lock as the file totals: a reclamation deletes a blob row (which cascades to its
 * thumbnails) and the worker inserts thumbnails under that blob row's key lock, so updating this one row
 * immediately would order locks differently from the file totals; deferred, every totals update is last.
 */
export async function createThumbnailTotals(db: AnyDb): Promise<void> {
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
         perform pg_advisory_xact_lock(${ADVISORY_LOCK});
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
