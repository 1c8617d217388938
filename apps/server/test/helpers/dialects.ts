import crypto from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * Every API suite runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (`.ci/run` sets it).
 * `npm test` refuses to run without it in CI, so PostgreSQL coverage cannot silently disappear.
 */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, empty PostgreSQL database for one suite; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cloudstash_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
