import type { Kysely } from 'kysely';

/**
 * A CRC32C of each blob's bytes, taken at upload, which whole reads check instead of re-hashing SHA-256
 * (stored as a signed 32-bit integer, the portable width; null until the first whole read or
 * `fsck --backfill` computes it for blobs stored before), and when the background scrub last re-hashed it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blobs').addColumn('crc32c', 'integer').execute();
  // '' (never) sorts before every instant, so the scrub takes unchecked blobs first, then the oldest, off one index.
  await db.schema
    .alterTable('blobs')
    .addColumn('scrubbed_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('blobs_scrubbed_at').on('blobs').columns(['scrubbed_at', 'hash']).execute();
}
