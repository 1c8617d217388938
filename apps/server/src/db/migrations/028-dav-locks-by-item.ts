import { sql, type Kysely } from 'kysely';

/**
 * WebDAV locks belong to the item, not to the path the locking account used: the owner reaches a file at
 * `/Trip/a.jpg` and an editor at `/Shared with me/Trip/a.jpg`, and one lock must hold for both. A lock now keeps
 * its item (`item_key`: `file:{id}`, `folder:{id}` or `root:{owner}` for the top of an account's tree, the keys
 * dead properties use) and the tree it is in (`tree_owner_id`, whose lock changes are serialised); `owner_id`
 * stays the account that holds the lock. Locks last a day at most, so the ones held by path are dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from dav_locks`.execute(db);
  await db.schema.dropIndex('dav_locks_owner_path').execute();
  await db.schema.alterTable('dav_locks').dropColumn('path').execute();
  await db.schema
    .alterTable('dav_locks')
    .addColumn('item_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('dav_locks')
    .addColumn('tree_owner_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('dav_locks_item').on('dav_locks').columns(['item_key']).execute();
  await db.schema.createIndex('dav_locks_tree').on('dav_locks').columns(['tree_owner_id']).execute();
}
