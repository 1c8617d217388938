import type { Kysely } from 'kysely';

/**
 * The trash (TRASH_RETENTION_DAYS above 0). A deleted file or folder leaves its tables whole: its rows (the
 * folders below it, their files, the files' kept versions, share links, download history and WebDAV
 * properties) are kept as one JSON document in a `trash_entries` row, so nothing that lists, counts, searches or
 * serves files needs to know about the trash, and a restore puts the same rows back (ids, links and counts
 * unchanged).
 *
 * - trash_entries: one per deleted item, keyed by the item's own id (a file or a folder is in the trash at most
 *   once); listed newest first per owner (index owner, deleted_at, id); purged by purge_at. `size` is the bytes
 *   its files and their versions hold, which the quota and the statistics add to the maintained totals.
 * - trash_blobs: the blob references an entry holds (each file's bytes and each version's), `refs` of them per
 *   blob (two files of a trashed folder may hold the same bytes). A deleted
 *   file's references move here without changing any count, so shared bytes stay and fsck counts them; a purge
 *   releases them through the one dedup path.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trash_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The folder it was in (null at the top) and that folder's path from the top, as names, in JSON.
    .addColumn('folder_id', 'text')
    .addColumn('folder_names', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('purge_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trash_entries_owner_deleted')
    .on('trash_entries')
    .columns(['owner_id', 'deleted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trash_entries_purge')
    .on('trash_entries')
    .columns(['purge_at', 'id'])
    .execute();

  await db.schema
    .createTable('trash_blobs')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('trash_entries.id'))
    .addColumn('blob_hash', 'text', (c) => c.notNull())
    .addColumn('refs', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('trash_blobs_pk', ['entry_id', 'blob_hash'])
    .execute();
  await db.schema.createIndex('trash_blobs_blob').on('trash_blobs').column('blob_hash').execute();
}
