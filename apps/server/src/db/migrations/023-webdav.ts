import type { Kysely } from 'kysely';

/**
 * WebDAV (RFC 4918):
 * - `dav_locks`: write locks live in the database so every process of a deployment honours them. A lock is
 *   held on a path of its owner's tree (a lock may cover a name nothing exists at yet, which a PUT then fills),
 *   found by (owner, path) and by its token; ended locks are ignored by their `expires_at` and swept.
 * - `dav_properties`: dead properties a client stored with PROPPATCH, on a file or a folder (`resource` is
 *   `file:{id}` or `folder:{id}`), so they follow the resource through a MOVE and leave with it.
 * - `files.client_mtime`: the modification time a client gave (X-OC-Mtime, Win32LastModifiedTime), shown as
 *   `getlastmodified`; null for files whose time is their upload's.
 * - `files.exact_name`: 1 when `filename` is the whole name a client wrote (over WebDAV), extension included;
 *   0 for web uploads, whose visible name adds the extension of their type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner_xml', 'text', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dav_locks_owner_path').on('dav_locks').columns(['owner_id', 'path']).execute();
  await db.schema.createIndex('dav_locks_expiry').on('dav_locks').columns(['expires_at']).execute();

  await db.schema
    .createTable('dav_properties')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value_xml', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['resource', 'namespace', 'name'])
    .execute();

  await db.schema.alterTable('files').addColumn('client_mtime', 'text').execute();
  await db.schema
    .alterTable('files')
    .addColumn('exact_name', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
