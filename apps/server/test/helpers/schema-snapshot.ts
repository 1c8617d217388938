import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../src/db/totals';

/** One schema object: what kind, on which table, its name, and its definition with whitespace normalised. */
export interface SchemaEntry {
  kind: string;
  table: string;
  name: string;
  definition: string;
}

const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Everything a migration defines, in a stable order, so two databases can be compared entry by entry: on
 * SQLite every `sqlite_master` row (tables, indexes, triggers, search tables with their SQL); on PostgreSQL
 * the columns (type, nullability, default), indexes, constraints, triggers, functions and extensions of the
 * public schema as the catalogue prints them back.
 */

export async function schemaSnapshot(db: Kysely<any>): Promise<SchemaEntry[]> {
  const rows = isPostgres(db) ? await postgresEntries(db) : await sqliteEntries(db);
  const entries = rows.map((r) => ({ ...r, definition: squeeze(r.definition) }));
  const key = (e: SchemaEntry) => `${e.kind}\u0000${e.table}\u0000${e.name}`;
  return entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function sqliteEntries(db: Kysely<any>): Promise<SchemaEntry[]> {
  const { rows } = await sql<SchemaEntry>`select type as kind, tbl_name as "table", name, sql as definition
    from sqlite_master`.execute(db);
  return rows;
}

async function postgresEntries(db: Kysely<any>): Promise<SchemaEntry[]> {
  const queries = [
    sql<SchemaEntry>`select 'column' as kind, table_name as "table", column_name as name,
        concat_ws(' | ', ordinal_position, data_type, is_nullable, column_default) as definition
      from information_schema.columns where table_schema = 'public'`,
    sql<SchemaEntry>`select 'index' as kind, tablename as "table", indexname as name, indexdef as definition
      from pg_indexes where schemaname = 'public'`,
    sql<SchemaEntry>`select 'constraint' as kind, c.relname as "table", k.conname as name,
        pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype <> 't'`,
    sql<SchemaEntry>`select 'trigger' as kind, c.relname as "table", t.tgname as name,
        pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal`,
    sql<SchemaEntry>`select 'function' as kind, '' as "table",
        p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
        case when p.prokind = 'f' then pg_get_functiondef(p.oid) else p.prosrc end as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
    sql<SchemaEntry>`select 'extension' as kind, '' as "table", extname as name, extversion as definition
      from pg_extension`,
  ];
  const entries: SchemaEntry[] = [];
  for (const query of queries) entries.push(...(await query.execute(db)).rows);
  return entries;
}
