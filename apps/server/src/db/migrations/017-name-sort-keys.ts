import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Names sort by a key computed once in TypeScript (contract nameSortKey: case and accents folded), stored
 * beside each name and compared bytewise on both dialects, since SQLite's lower() folds only ASCII and
 * PostgreSQL's "C" none: "ébène" came after "Ezra" on one and before "Éclair" on the other. Existing rows get
 * their key in batches, then the key's indexes (key, exact name, id) replace the lower(name) ones. The
 * backfill uses the frozen copy of the key function below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('filename_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const backfill = async (table: string, column: string, keyColumn: string) => {
    for (let after = ''; ;) {
      const rows: { id: string; name: string }[] = await db
        .selectFrom(table)
        .select(['id', `${column} as name`])
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (!rows.length) return;
      // One statement per batch; VALUES names its columns column1, column2 on both dialects.
      const values = sql.join(rows.map((r) => sql`(${r.id}, ${frozenNameSortKey(r.name)})`));
      await sql`update ${sql.table(table)} set ${sql.ref(keyColumn)} = v.column2
        from (values ${values}) as v where ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
      after = rows.at(-1)!.id;
    }
  };
  await backfill('files', 'filename', 'filename_key');
  await backfill('users', 'name', 'name_key');

  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  const fileKeys = sql`filename_key${c}, filename${c}, id${c}`;
  await sql`create index files_filename_key on files (${fileKeys})`.execute(db);
  await sql`create index files_public_filename_key on files (is_public, ${fileKeys})`.execute(db);
  await sql`create index files_public_category_filename_key on files (is_public, category, ${fileKeys})`.execute(
    db,
  );
  await sql`create index users_name_key on users (name_key${c}, name${c}, id${c})`.execute(db);
  for (const old of ['files_filename_ci', 'files_public_filename_ci', 'files_public_category_filename_ci'])
    await db.schema.dropIndex(old).execute();
  await db.schema.dropIndex('users_name').execute();
}

/**
 * The contract's nameSortKey as it was when this migration was written, copied so the migration never changes.
 * The lists compute their keys (and cursors) with the contract's own function, so stored keys must equal what
 * it returns: a change to that function needs a new migration that recomputes every stored key with it.
 */
function frozenNameSortKey(name: string): string {
  const folded = withoutMarks(name).toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
  // Case mapping can compose again (an upper-case letter with its accent): strip what it brought back.
  return withoutMarks(folded);
}

function withoutMarks(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}
