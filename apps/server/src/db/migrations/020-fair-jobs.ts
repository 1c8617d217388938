import type { Kysely } from 'kysely';

/**
 * Each job names the account it works for, so the claim shares the workers between accounts instead of
 * serving one queue in order; and content whose thumbnails failed is remembered with the time the attempt
 * took (the row goes with its blob).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('owner_id', 'text').execute();
  // The claim counts each account's running and queued jobs off this.
  await db.schema
    .createIndex('jobs_owner_state')
    .on('jobs')
    .columns(['owner_id', 'state', 'lease_expires_at'])
    .execute();
  await db.schema
    .createTable('thumbnail_failures')
    .addColumn('blob_hash', 'text', (c) => c.primaryKey().references('blobs.hash').onDelete('cascade'))
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('elapsed_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
