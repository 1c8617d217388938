import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Substring search (`q`) on file names, uploader names and emails through each engine's own trigram index, so a
 * search reads the matches rather than every row. SQLite: FTS5 tables with the trigram tokenizer over the
 * `files` and `users` rows (external content, keyed by rowid), kept in step by triggers in the same transaction
 * as every change, and filled from the rows already there. PostgreSQL: `pg_trgm` GIN indexes on the very
 * expressions the query compares (`lower(column)`). Trigrams cannot index 1–2 characters: those stay a scan.
 * (db/search-indexes.ts refills the SQLite tables after a bulk load.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await requireTrigramExtension(db);
    for (const [name, table, column] of PG_TRIGRAM_INDEXES)
      await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
        db,
      );
    return;
  }
  for (const statement of [...SQLITE_SEARCH_TABLES, ...SQLITE_SEARCH_FILL])
    await sql.raw(statement).execute(db);
}

const PG_TRIGRAM_INDEXES = [
  ['files_filename_trgm', 'files', 'filename'],
  ['users_name_trgm', 'users', 'name'],
  ['users_email_trgm', 'users', 'email'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function requireTrigramExtension(db: Kysely<any>): Promise<void> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    throw new Error(
      'PostgreSQL extension pg_trgm is not available to this database, and search needs it: install it ' +
        '(Debian/Ubuntu: the postgresql-contrib package; most managed services have it) and run ' +
        `"CREATE EXTENSION pg_trgm;" in this database as a superuser, then start again. (${String((error as Error).message)})`,
      { cause: error },
    );
  }
}

const SQLITE_SEARCH_TABLES = [
  `create virtual table files_search using fts5(filename, content='files', content_rowid='rowid', tokenize='trigram')`,
  `create virtual table users_search using fts5(name, email, content='users', content_rowid='rowid', tokenize='trigram')`,
  `create trigger files_search_insert after insert on files begin
     insert into files_search (rowid, filename) values (new.rowid, new.filename);
   end`,
  `create trigger files_search_delete after delete on files begin
     insert into files_search (files_search, rowid, filename) values ('delete', old.rowid, old.filename);
   end`,
  `create trigger files_search_update after update of filename on files begin
     insert into files_search (files_search, rowid, filename) values ('delete', old.rowid, old.filename);
     insert into files_search (rowid, filename) values (new.rowid, new.filename);
   end`,
  `create trigger users_search_insert after insert on users begin
     insert into users_search (rowid, name, email) values (new.rowid, new.name, new.email);
   end`,
  `create trigger users_search_delete after delete on users begin
     insert into users_search (users_search, rowid, name, email) values ('delete', old.rowid, old.name, old.email);
   end`,
  `create trigger users_search_update after update of name, email on users begin
     insert into users_search (users_search, rowid, name, email) values ('delete', old.rowid, old.name, old.email);
     insert into users_search (rowid, name, email) values (new.rowid, new.name, new.email);
   end`,
];

const SQLITE_SEARCH_FILL = [
  `insert into files_search(files_search) values ('rebuild')`,
  `insert into users_search(users_search) values ('rebuild')`,
];
