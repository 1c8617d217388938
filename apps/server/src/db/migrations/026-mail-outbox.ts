import type { Kysely } from 'kysely';

/**
 * The mail outbox: one row per mail, written in the same transaction as what causes it, and sent later by the
 * job worker (a `mail` job per attempt). `kind` names what the mail is, which decides how it is written at
 * sending time from `payload` (JSON); `recipient` is the address, or the address someone typed (a forgot-password
 * request, which becomes a mail only if an account has it). `state` is pending, sent, failed (the SMTP server
 * refused it, or it could not be sent for a day: `last_error` keeps the server's answer) or dropped (there was
 * nothing to send after all).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Instance Settings counts pending and failed mails, and shows the latest failure.
  await db.schema
    .createIndex('mail_outbox_state')
    .on('mail_outbox')
    .columns(['state', 'updated_at', 'id'])
    .execute();
}
