import type { Kysely } from 'kysely';

/**
 * The first release's schema: accounts and their sessions, content-addressed blobs with reference counts, files
 * (each a user's name for a blob), failed sign-ins and the leases that pick one process for a periodic task.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_name').on('users').columns(['name', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('blobs')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('ref_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blobs_ref_count').on('blobs').columns(['ref_count', 'hash']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No cascade: a user who still owns files cannot be deleted. Each file must first be removed through
    // BlobReferences.removeFile (as FileService.remove does), which releases its blob reference.
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const fileIndexes: Record<string, string[]> = {
    files_owner_created: ['owner_id', 'created_at', 'id'],
    files_public_created: ['is_public', 'created_at', 'id'],
    files_public_category_created: ['is_public', 'category', 'created_at', 'id'],
    files_public_filename: ['is_public', 'filename', 'id'],
    files_public_size: ['is_public', 'size', 'id'],
    files_public_downloads: ['is_public', 'download_count', 'id'],
    files_created: ['created_at', 'id'],
    files_filename: ['filename', 'id'],
    files_size: ['size', 'id'],
    files_downloads: ['download_count', 'id'],
    files_blob: ['blob_hash'],
  };
  for (const [name, columns] of Object.entries(fileIndexes)) {
    await db.schema.createIndex(name).on('files').columns(columns).execute();
  }

  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
