import { sql, type Kysely } from 'kysely';
import { isPostgres } from './totals';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
type AnyDb = Kysely<any>;

/**
 * Substring search (`q`) reads a trigram index (created by migrations/015-search-indexes.ts): on SQLite FTS5
 * tables over the `files` and `users` rows, keyed by rowid and kept in step by triggers; on PostgreSQL `pg_trgm`
 * GIN indexes, which need no upkeep.
 *
 * This refills the SQLite search tables from the rows (a bulk load that set the triggers aside runs it, and so
 * does anyone after a VACUUM, which may renumber the rowids they are keyed by). PostgreSQL's indexes need nothing.
 */
export async function rebuildSearchIndexes(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of SQLITE_SEARCH_REBUILD) await sql.raw(statement).execute(db);
}

export const SQLITE_SEARCH_REBUILD = [
  `insert into files_search(files_search) values ('rebuild')`,
  `insert into users_search(users_search) values ('rebuild')`,
];
