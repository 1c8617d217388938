import { sql, type Kysely } from 'kysely';

/**
 * A file records who put it where it is, apart from whose it is: a colleague's upload into a shared folder is
 * the folder owner's (their quota, their tree) but was sent by the colleague.
 * - `files.uploader_id`: the account that uploaded it; null for a visitor of an upload link, who has none.
 * - `files.uploader_name`: the name an upload link's visitor gave (also kept on a resumable upload through a
 *   link until it becomes the file).
 * - `files.upload_client`: the name of the access token it came through (a sync client, a WebDAV mount, a
 *   script); null for the web app.
 * Files uploaded before were their owner's own uploads, except those that came through a link.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('uploader_id', 'text').execute();
  await db.schema.alterTable('files').addColumn('uploader_name', 'text').execute();
  await db.schema.alterTable('files').addColumn('upload_client', 'text').execute();
  await db.schema.alterTable('resumable_uploads').addColumn('uploader_name', 'text').execute();
  await sql`update files set uploader_id = owner_id where request_id is null`.execute(db);
}
