import type { Kysely } from 'kysely';

/**
 * Share links, the download history and failed link passwords. A link ends with its file (cascade); the
 * history of a deleted file goes with it. Failed passwords live in a table so every process sees them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_downloads', 'integer')
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_download_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('links_owner_created')
    .on('links')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('links_file_created')
    .on('links')
    .columns(['file_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('links_created').on('links').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('link_id', 'text')
    // 1 for a single download; a day's total once old rows are rolled up.
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('downloads_file_at').on('downloads').columns(['file_id', 'at']).execute();
  await db.schema.createIndex('downloads_at').on('downloads').columns(['at', 'id']).execute();

  await db.schema
    .createTable('link_unlock_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
}
