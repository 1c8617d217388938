import type { Kysely } from 'kysely';

/** Resumable uploads in flight: who started them, how long they are, how far they got. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('offset', 'bigint', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('declared_type', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('type_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resumable_uploads_expires')
    .on('resumable_uploads')
    .columns(['expires_at', 'id'])
    .execute();
}
