import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * File names sort case-insensitively and identically on both dialects (repositories/files.ts): by
 * lower(name), then name, then id, compared code point by code point ("C" on PostgreSQL). These indexes
 * serve that order for the lists sorted by name, replacing the plain filename ones.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  const nameKeys = sql`lower(filename)${c}, filename${c}, id${c}`;
  await sql`create index files_filename_ci on files (${nameKeys})`.execute(db);
  await sql`create index files_public_filename_ci on files (is_public, ${nameKeys})`.execute(db);
  await sql`create index files_public_category_filename_ci on files (is_public, category, ${nameKeys})`.execute(
    db,
  );
  for (const old of ['files_filename', 'files_public_filename', 'files_public_category_filename'])
    await db.schema.dropIndex(old).execute();
}
