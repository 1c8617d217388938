import type { Kysely } from 'kysely';

/**
 * A resumable upload remembers the chosen file's own name apart from the typed one, so that the file keeps the
 * extension it came with when that fits its type (budget.csv stays .csv), as a one-request upload does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resumable_uploads').addColumn('original_name', 'text').execute();
}
