import type { Kysely } from 'kysely';

/**
 * Each creation of a resumable upload counts the account's uploads in flight and the bytes they declared
 * (against its quota and the in-flight caps), and removing an account finds its uploads: both by owner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('resumable_uploads_owner')
    .on('resumable_uploads')
    .columns(['owner_id', 'expires_at'])
    .execute();
}
