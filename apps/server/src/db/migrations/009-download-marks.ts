import type { Kysely } from 'kysely';

/** A download counts at most once per user, file and minute, across processes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('download_marks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('download_marks_pk', ['user_id', 'file_id'])
    .execute();
  await db.schema.createIndex('download_marks_counted').on('download_marks').column('counted_at').execute();
}
