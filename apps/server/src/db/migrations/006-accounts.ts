import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Accounts for real deployments: disabled accounts, sessions a person can see and end one by one, two-factor
 * sign-in, access tokens, one-time reset and invite links, and instance settings held in the database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A session gets a public id (the token hash is never shown), and where and with what it was opened.
  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  const existing = await db.selectFrom('sessions').select('token_hash').execute();
  for (const row of existing) {
    await db
      .updateTable('sessions')
      .set({ id: crypto.randomUUID() })
      .where('token_hash', '=', row.token_hash)
      .execute();
  }
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();

  await db.schema
    .createTable('totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'text')
    // The last time step a code was accepted for: a code of that step or an earlier one is never taken again.
    .addColumn('last_step', 'integer')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_window_start', 'text')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('access_tokens_user')
    .on('access_tokens')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
