import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../totals';

/**
 * Sharing inside the instance.
 *
 * - groups: named sets of accounts, kept by administrators; a name is unique ignoring case (`name_fold`).
 * - group_members: one row per member; read by account (which groups am I in) as often as by group.
 * - shares: a file or a folder (`item_kind`, `item_id`) given to an account or a group (`grantee_kind`,
 *   `grantee_id`) as a viewer or an editor. A share of a folder covers everything below it, so the access policy
 *   asks for the shares of an item and of each folder above it (index on item_id); "shared with me" asks by
 *   grantee. An item is shared with a grantee at most once (a second share changes the role).
 * - links may share a folder: `kind` says which ('file' or 'folder'), `folder_id` names the folder and `file_id`
 *   becomes optional. SQLite cannot drop a NOT NULL, so there the table is rebuilt with the same rows.
 * - upload links (file requests) are links of kind 'request' on a folder, with a message and limits on the files
 *   and bytes they take, and counters of what they took (a conditional update of both keeps the limits under
 *   parallel uploads). A file that came through one names it (`request_id`) and says who sent it
 *   (`upload_note`); a resumable upload through one keeps both until it becomes that file.
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

  await linksForFolders(db);
  await db.schema.alterTable('links').addColumn('message', 'text').execute();
  await db.schema.alterTable('links').addColumn('max_files', 'integer').execute();
  await db.schema.alterTable('links').addColumn('max_bytes', 'bigint').execute();
  await db.schema
    .alterTable('links')
    .addColumn('files_received', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('files').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('files').addColumn('upload_note', 'text').execute();
  await db.schema
    .createIndex('files_request')
    .on('files')
    .columns(['request_id', 'created_at', 'id'])
    .execute();
  await db.schema.alterTable('resumable_uploads').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('resumable_uploads').addColumn('upload_note', 'text').execute();

  await db.schema.alterTable('invites').addColumn('id', 'text').execute();
  await db.schema.alterTable('invites').addColumn('email', 'text').execute();
  await db.schema.alterTable('invites').addColumn('revoked_at', 'text').execute();
  await sql`update invites set id = token_hash where id is null`.execute(db);
  await db.schema.createIndex('invites_id').on('invites').column('id').unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
async function linksForFolders(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table links alter column file_id drop not null`.execute(db);
    await db.schema
      .alterTable('links')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('file'))
      .execute();
    await db.schema.alterTable('links').addColumn('folder_id', 'text').execute();
  } else {
    await db.schema
      .createTable('links_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('token_sealed', 'text', (c) => c.notNull())
      .addColumn('file_id', 'text', (c) => c.references('files.id').onDelete('cascade'))
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('max_downloads', 'integer')
      .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_download_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('file'))
      .addColumn('folder_id', 'text')
      .execute();
    await sql`insert into links_next (id, token_hash, token_sealed, file_id, owner_id, label, password_hash,
        expires_at, max_downloads, downloads, last_download_at, created_at, revoked_at)
      select id, token_hash, token_sealed, file_id, owner_id, label, password_hash, expires_at, max_downloads,
        downloads, last_download_at, created_at, revoked_at from links`.execute(db);
    await db.schema.dropTable('links').execute();
    await db.schema.alterTable('links_next').renameTo('links').execute();
    await db.schema
      .createIndex('links_owner_created')
      .on('links')
      .columns(['owner_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('links_file_created')
      .on('links')
      .columns(['file_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('links_created').on('links').columns(['created_at', 'id']).execute();
  }
  await db.schema
    .createIndex('links_folder_created')
    .on('links')
    .columns(['folder_id', 'created_at', 'id'])
    .execute();
}
