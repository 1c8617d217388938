import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * The folder tree. A folder is one row naming its parent (null at the top), so moving a folder changes that row
 * alone, whatever lies below it; a file names its folder (null at the top, where every file made before folders
 * stays). Listing one folder, of folders or of files, walks an index that begins with the owner and the parent,
 * in each order a list offers; a name compares by its stored key (case and accents folded, bytewise on both
 * dialects, as for files). Two folders of one parent cannot share a name ignoring case: `name_fold` holds the
 * case-folded name and a unique index holds the rule, so two requests racing to make the same folder get one
 * folder and one refusal.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('name_fold', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  await sql`create unique index folders_parent_name on folders (owner_id, coalesce(parent_id, ''), name_fold)`.execute(
    db,
  );
  await sql`create index folders_parent_name_key on folders (owner_id, parent_id, name_key${c}, name${c}, id${c})`.execute(
    db,
  );
  // The walk down a tree (a folder's delete, a zip) finds each folder's children by parent alone.
  await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute();

  await db.schema.alterTable('files').addColumn('folder_id', 'text').execute();
  const folderIndexes: Record<string, ReturnType<typeof sql>> = {
    files_folder_created: sql`owner_id, folder_id, created_at, id`,
    files_folder_filename_key: sql`owner_id, folder_id, filename_key${c}, filename${c}, id${c}`,
    files_folder_size: sql`owner_id, folder_id, size, id`,
    files_folder_downloads: sql`owner_id, folder_id, download_count, id`,
  };
  for (const [name, columns] of Object.entries(folderIndexes))
    await sql`create index ${sql.raw(name)} on files (${columns})`.execute(db);
  // A folder's files, whoever owns them, for the walk down a tree.
  await db.schema.createIndex('files_folder').on('files').column('folder_id').execute();
  // What a zip link will pack: kept server-side, since a selection of thousands of ids fits in no URL.
  await db.schema
    .createTable('zip_selections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_ids', 'text', (c) => c.notNull())
    .addColumn('folder_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zip_selections_expiry').on('zip_selections').column('expires_at').execute();
  // A resumable upload remembers the folder it will land in, and the chosen file's own name apart from the
  // typed one, so the file keeps the extension it came with when that fits its type (budget.csv stays .csv).
  await db.schema.alterTable('resumable_uploads').addColumn('folder_id', 'text').execute();
  await db.schema.alterTable('resumable_uploads').addColumn('original_name', 'text').execute();
}
