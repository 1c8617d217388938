import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Maintained totals (migration 002), so that no statistic and no list total scans the files or blobs tables:
 * every figure the screens show is read from a handful of rows whatever the size of the instance.
 *
 *  - owner_file_totals: one row per uploader (files, bytes, public files, downloads): "my stats", the top
 *    uploader (index on files), and the number of accounts with files or with public files.
 *  - file_totals: the instance's totals, in one row (slot 0; readers add up every slot, so the totals can be
 *    spread over more rows later without changing them).
 *
 * Database triggers keep them exact in the same transaction as the change to files or blobs, whichever code
 * path makes it (uploads, edits, downloads, deletions, the CLI, tests inserting rows).
 *
 * On PostgreSQL the triggers are deferred to commit and first take one transaction-scoped advisory lock. An
 * upload locks its blob row and then (inserting the file) its owner's totals, while a deletion locks the owner's
 * totals and then the blob row: updated at once, the two would deadlock. Deferred, a transaction only touches
 * totals after every other statement, and the one lock orders all of them, so no cycle can form. It is held
 * only from the triggers to the end of the commit, so concurrent uploads queue on it for about a millisecond
 * each rather than for their whole transaction (which includes moving the bytes into place).
 */
export const TOTALS_SLOTS = 1;
/** pg_advisory_xact_lock key of the totals ("CSTOTALS" read as hex-ish digits); any constant would do. */
export const ADVISORY_LOCK = 827_151_337;

export const CATEGORY_COLUMNS = {
  image: 'images',
  video: 'videos',
  document: 'documents',
  other: 'others',
} as const;

/** Every counter of the file_totals table (one place: the triggers, the backfill and the readers use it). */
export const FILE_TOTAL_COLUMNS = [
  'files',
  'size',
  'downloads',
  'images',
  'videos',
  'documents',
  'others',
  'public_files',
  'public_size',
  'public_downloads',
  'public_images',
  'public_videos',
  'public_documents',
  'public_others',
  'active_owners',
  'contributors',
  'unique_blobs',
  'physical_size',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const when = (condition: string) => `(case when ${condition} then 1 else 0 end)`;

/** Statements that add (sign 1) or remove (sign -1) one files row `r` (NEW or OLD) from every total. */
function fileDelta(pg: boolean, sign: 1 | -1, r: 'NEW' | 'OLD', slot: string): string[] {
  const s = sign === 1 ? '+' : '-';
  const pub = `${r}.is_public`;
  const category = (name: string) => when(`${r}.category = '${name}'`);
  // After adding, an owner whose count is now 1 has just become active; after removing, one at 0 just stopped.
  const edge = sign === 1 ? 1 : 0;
  return [
    pg
      ? `insert into owner_file_totals (owner_id) values (${r}.owner_id) on conflict do nothing`
      : `insert or ignore into owner_file_totals (owner_id) values (${r}.owner_id)`,
    `update owner_file_totals set files = files ${s} 1, size = size ${s} ${r}.size,
       public_files = public_files ${s} ${pub}, downloads = downloads ${s} ${r}.download_count
     where owner_id = ${r}.owner_id`,
    `update file_totals set
       files = files ${s} 1, size = size ${s} ${r}.size, downloads = downloads ${s} ${r}.download_count,
       images = images ${s} ${category('image')}, videos = videos ${s} ${category('video')},
       documents = documents ${s} ${category('document')}, others = others ${s} ${category('other')},
       public_files = public_files ${s} ${pub}, public_size = public_size ${s} ${pub} * ${r}.size,
       public_downloads = public_downloads ${s} ${pub} * ${r}.download_count,
       public_images = public_images ${s} ${pub} * ${category('image')},
       public_videos = public_videos ${s} ${pub} * ${category('video')},
       public_documents = public_documents ${s} ${pub} * ${category('document')},
       public_others = public_others ${s} ${pub} * ${category('other')},
       active_owners = active_owners ${s} (select ${when(`files = ${edge}`)} from owner_file_totals where owner_id = ${r}.owner_id),
       contributors = contributors ${s} ${pub} * (select ${when(`public_files = ${edge}`)} from owner_file_totals where owner_id = ${r}.owner_id)
     where slot = ${slot}`,
  ];
}

/** Statements that count (sign 1) or uncount (sign -1) one referenced blob row. */
function blobDelta(sign: 1 | -1, r: 'NEW' | 'OLD', slot: string): string[] {
  const s = sign === 1 ? '+' : '-';
  return [
    `update file_totals set unique_blobs = unique_blobs ${s} 1, physical_size = physical_size ${s} ${r}.size where slot = ${slot}`,
  ];
}

const FILE_CHANGED = `OLD.owner_id <> NEW.owner_id or OLD.size <> NEW.size or OLD.is_public <> NEW.is_public
  or OLD.download_count <> NEW.download_count or OLD.category <> NEW.category`;
const BLOB_CHANGED = `(OLD.ref_count > 0) <> (NEW.ref_count > 0) or (NEW.ref_count > 0 and OLD.size <> NEW.size)`;

async function createSqliteTriggers(db: AnyDb) {
  const body = (statements: string[]) => `begin\n${statements.map((q) => `${q};`).join('\n')}\nend`;
  const triggers = [
    `create trigger files_totals_insert after insert on files ${body(fileDelta(false, 1, 'NEW', '0'))}`,
    `create trigger files_totals_delete after delete on files ${body(fileDelta(false, -1, 'OLD', '0'))}`,
    `create trigger files_totals_update after update on files when ${FILE_CHANGED}
       ${body([...fileDelta(false, -1, 'OLD', '0'), ...fileDelta(false, 1, 'NEW', '0')])}`,
    `create trigger blobs_totals_insert after insert on blobs when NEW.ref_count > 0 ${body(blobDelta(1, 'NEW', '0'))}`,
    `create trigger blobs_totals_delete after delete on blobs when OLD.ref_count > 0 ${body(blobDelta(-1, 'OLD', '0'))}`,
    `create trigger blobs_totals_update after update on blobs when ${BLOB_CHANGED}
       begin
         update file_totals set unique_blobs = unique_blobs - ${when('OLD.ref_count > 0')}, physical_size = physical_size - ${when('OLD.ref_count > 0')} * OLD.size where slot = 0;
         update file_totals set unique_blobs = unique_blobs + ${when('NEW.ref_count > 0')}, physical_size = physical_size + ${when('NEW.ref_count > 0')} * NEW.size where slot = 0;
       end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  const block = (statements: string[]) => statements.map((q) => `${q};`).join('\n');
  // Both functions take the same advisory lock so concurrent transactions apply their deltas one at a time.
  const totalsFunction = (
    name: string,
    onOld: string,
    oldDelta: string[],
    onNew: string,
    newDelta: string[],
  ) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
         declare slot_no integer := 0;
         begin
           perform pg_advisory_xact_lock(${ADVISORY_LOCK});
           if ${onOld} then
             ${block(oldDelta)}
           end if;
           if ${onNew} then
             ${block(newDelta)}
           end if;
           return null;
         end $$`,
      )
      .execute(db);
  await totalsFunction(
    'cloudstash_file_totals',
    "TG_OP in ('DELETE', 'UPDATE')",
    fileDelta(true, -1, 'OLD', 'slot_no'),
    "TG_OP in ('INSERT', 'UPDATE')",
    fileDelta(true, 1, 'NEW', 'slot_no'),
  );
  await totalsFunction(
    'cloudstash_blob_totals',
    "TG_OP in ('DELETE', 'UPDATE') and OLD.ref_count > 0",
    blobDelta(-1, 'OLD', 'slot_no'),
    "TG_OP in ('INSERT', 'UPDATE') and NEW.ref_count > 0",
    blobDelta(1, 'NEW', 'slot_no'),
  );
  const deferred = 'deferrable initially deferred for each row';
  const triggers = [
    `create constraint trigger files_totals_insert_delete after insert or delete on files ${deferred} execute function cloudstash_file_totals()`,
    `create constraint trigger blobs_totals_insert after insert on blobs ${deferred} when (NEW.ref_count > 0) execute function cloudstash_blob_totals()`,
    `create constraint trigger blobs_totals_delete after delete on blobs ${deferred} when (OLD.ref_count > 0) execute function cloudstash_blob_totals()`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await createPostgresUpdateTriggers(db);
}

/**
 * The two PostgreSQL triggers whose conditions read the size columns; PostgreSQL cannot change a column's type
 * while a trigger condition names it, so widening those columns drops and recreates exactly these.
 */
export async function createPostgresUpdateTriggers(db: AnyDb) {
  const deferred = 'deferrable initially deferred for each row';
  const triggers = [
    `create constraint trigger files_totals_update after update on files ${deferred} when (${FILE_CHANGED}) execute function cloudstash_file_totals()`,
    `create constraint trigger blobs_totals_update after update on blobs ${deferred} when (${BLOB_CHANGED}) execute function cloudstash_blob_totals()`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/**
 * Recomputes every maintained total from the files and blobs rows (the migration's backfill; also what a bulk
 * import that bypassed the triggers runs afterwards). Callers hold a transaction or an otherwise idle database.
 */
export async function rebuildTotals(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const big = pg ? '::bigint' : '';
  await sql`delete from owner_file_totals`.execute(db);
  await sql
    .raw(
      `insert into owner_file_totals (owner_id, files, size, public_files, downloads)
       select owner_id, count(*), sum(size)${big}, sum(is_public)${big}, sum(download_count)${big} from files group by owner_id`,
    )
    .execute(db);
  await sql`delete from file_totals`.execute(db);
  for (let slot = 0; slot < TOTALS_SLOTS; slot++) {
    await sql`insert into file_totals (slot) values (${slot})`.execute(db);
  }
  const category = (name: string, pub = false) =>
    `coalesce(sum(${pub ? 'is_public * ' : ''}${when(`category = '${name}'`)}), 0)`;
  await sql
    .raw(
      `update file_totals set
         files = f.files, size = f.size, downloads = f.downloads, images = f.images, videos = f.videos,
         documents = f.documents, others = f.others, public_files = f.public_files, public_size = f.public_size,
         public_downloads = f.public_downloads, public_images = f.public_images, public_videos = f.public_videos,
         public_documents = f.public_documents, public_others = f.public_others,
         active_owners = (select count(*) from owner_file_totals where files > 0),
         contributors = (select count(*) from owner_file_totals where public_files > 0),
         unique_blobs = (select count(*) from blobs where ref_count > 0),
         physical_size = (select coalesce(sum(size), 0) from blobs where ref_count > 0)
       from (select count(*) as files, coalesce(sum(size), 0) as size, coalesce(sum(download_count), 0) as downloads,
               ${category('image')} as images, ${category('video')} as videos,
               ${category('document')} as documents, ${category('other')} as others,
               coalesce(sum(is_public), 0) as public_files, coalesce(sum(is_public * size), 0) as public_size,
               coalesce(sum(is_public * download_count), 0) as public_downloads,
               ${category('image', true)} as public_images, ${category('video', true)} as public_videos,
               ${category('document', true)} as public_documents, ${category('other', true)} as public_others
             from files) as f
       where slot = 0`,
    )
    .execute(db);
}

export async function createTotals(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('owner_file_totals')
    .addColumn('owner_id', 'text', (c) => c.primaryKey())
    .addColumn('files', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('public_files', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The top uploader: most files first, ties to the smallest id, read from the front of this index.
  await sql`create index owner_file_totals_top on owner_file_totals (files desc, owner_id)`.execute(db);

  let table = db.schema.createTable('file_totals').addColumn('slot', 'integer', (c) => c.primaryKey());
  for (const column of FILE_TOTAL_COLUMNS)
    table = table.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.execute();

  await rebuildTotals(db);
  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}
