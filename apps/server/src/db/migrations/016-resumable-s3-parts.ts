import type { Kysely } from 'kysely';

/**
 * Resumable uploads on an S3 store keep their pieces in the bucket, so any process can take the next one:
 * the multipart upload's id, the parts it holds so far (JSON: number, ETag, size), how many bytes past
 * them wait in a small tail object, and the upload's first bytes (base64) for the early type check.
 * Null, '[]' and 0 on the file system store, whose pieces are a local file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds only one at a time.
  await db.schema.alterTable('resumable_uploads').addColumn('s3_upload_id', 'text').execute();
  await db.schema
    .alterTable('resumable_uploads')
    .addColumn('s3_parts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('resumable_uploads')
    .addColumn('tail_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('resumable_uploads').addColumn('head_bytes', 'text').execute();
}
