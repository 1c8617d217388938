import { sql, type Kysely } from 'kysely';

/**
 * WebDAV dead properties count against caps (per item and per account): each row keeps the account whose
 * item it is on (`owner_id`) and its size in bytes (namespace, name and value), so a PROPPATCH sums what the
 * account holds with one indexed read. Rows written before get theirs from their file or folder.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dav_properties').addColumn('owner_id', 'text').execute();
  await db.schema
    .alterTable('dav_properties')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update dav_properties set size = length(namespace) + length(name) + length(value_xml)`.execute(
    db,
  );
  await sql`update dav_properties set owner_id = (select owner_id from files where 'file:' || files.id = dav_properties.resource)
            where resource like 'file:%'`.execute(db);
  await sql`update dav_properties set owner_id = (select owner_id from folders where 'folder:' || folders.id = dav_properties.resource)
            where resource like 'folder:%'`.execute(db);
  await db.schema.createIndex('dav_properties_owner').on('dav_properties').columns(['owner_id']).execute();
}
