import type { Kysely } from 'kysely';

/**
 * A trash entry keeps the ids of the folders above it (`folder_ids`, a JSON array beside `folder_names`), so a
 * restore that makes its path again gives each folder made again the id it had. The folder itself, restored
 * later, then merges into what was made again instead of coming back beside it as 'name (restored)'. Entries
 * made before have none (null): their paths are made again under new ids, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trash_entries').addColumn('folder_ids', 'text').execute();
}
