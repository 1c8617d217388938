import { sql, type Kysely } from 'kysely';

/**
 * Sharing inside the instance.
 *
 * - groups: named sets of accounts, kept by administrators; a name is unique ignoring case (`name_fold`).
 * - group_members: one row per member; read by account (which groups am I in) as often as by group.
 * - shares: a file or a folder (`item_kind`, `item_id`) given to an account or a group (`grantee_kind`,
 *   `grantee_id`) as a viewer or an editor. A share of a folder covers everything below it, so the access policy
 *   asks for the shares of an item and of each folder above it (index on item_id); "shared with me" asks by
 *   grantee. An item is shared with a grantee at most once (a second share changes the role).
 * - invites gain an id (administrators list and revoke them by it; older invites take their hash), the email
 *   one may be bound to, and when it was revoked.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_fold', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_members_user')
    .on('group_members')
    .columns(['user_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('grantee_kind', 'text', (c) => c.notNull())
    .addColumn('grantee_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('reshare', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index shares_item_grantee on shares (item_id, grantee_kind, grantee_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('shares_grantee')
    .on('shares')
    .columns(['grantee_kind', 'grantee_id'])
    .execute();
  await db.schema.createIndex('shares_owner').on('shares').column('owner_id').execute();

  await db.schema.alterTable('invites').addColumn('id', 'text').execute();
  await db.schema.alterTable('invites').addColumn('email', 'text').execute();
  await db.schema.alterTable('invites').addColumn('revoked_at', 'text').execute();
  await sql`update invites set id = token_hash where id is null`.execute(db);
  await db.schema.createIndex('invites_id').on('invites').column('id').unique().execute();
}
