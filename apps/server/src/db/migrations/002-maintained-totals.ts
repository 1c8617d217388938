import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Statistics and list totals read maintained counters instead of scanning every file (db/totals.ts), and
 * the public list filtered by category can be sorted by size, name or downloads straight off an index.
 *
 *  - owner_file_totals: one row per uploader (files, bytes, public files, downloads).
 *  - file_totals: the instance's totals, in one row (slot 0; readers add up every slot).
 *
 * Database triggers keep them exact in the same transaction as the change to files or blobs, whichever code
 * path makes it. On PostgreSQL the triggers are deferred to commit and first take one transaction-scoped
 * advisory lock: an upload locks its blob row and then its owner's totals, a deletion the other way round, so
 * updated at once the two would deadlock; deferred, every totals update comes last, ordered by the one lock.
 *
 * Frozen as it ran: the SQL below is built here, not by db/totals.ts, so that a later change to the runtime
 * helpers cannot make a fresh database differ from an upgraded one. Changing a trigger takes a new migration.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
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

  await backfill(db, pg);
  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  const fileIndexes: Record<string, string[]> = {
    files_public_category_size: ['is_public', 'category', 'size', 'id'],
    files_public_category_filename: ['is_public', 'category', 'filename', 'id'],
    files_public_category_downloads: ['is_public', 'category', 'download_count', 'id'],
  };
  for (const [name, columns] of Object.entries(fileIndexes)) {
    await db.schema.createIndex(name).on('files').columns(columns).execute();
  }
}

const ADVISORY_LOCK = 827_151_337;

const FILE_TOTAL_COLUMNS = [
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

/** Counts the rows already there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function backfill(db: Kysely<any>, pg: boolean): Promise<void> {
  const big = pg ? '::bigint' : '';
  await sql`delete from owner_file_totals`.execute(db);
  await sql
    .raw(
      `insert into owner_file_totals (owner_id, files, size, public_files, downloads)
       select owner_id, count(*), sum(size)${big}, sum(is_public)${big}, sum(download_count)${big} from files group by owner_id`,
    )
    .execute(db);
  await sql`delete from file_totals`.execute(db);
  await sql`insert into file_totals (slot) values (${0})`.execute(db);
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function createSqliteTriggers(db: Kysely<any>) {
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function createPostgresTriggers(db: Kysely<any>) {
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
    `create constraint trigger files_totals_update after update on files ${deferred} when (${FILE_CHANGED}) execute function cloudstash_file_totals()`,
    `create constraint trigger blobs_totals_update after update on blobs ${deferred} when (${BLOB_CHANGED}) execute function cloudstash_blob_totals()`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}
