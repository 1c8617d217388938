import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * Every API suite runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (`.ci/run` sets it).
 * `npm test` refuses to run without it in CI, so PostgreSQL coverage cannot silently disappear.
 */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Every test database of one run carries the run's id (test/global-setup.ts provides it), so the run's end can
 * drop whatever a failed suite or a spare left behind, and two runs on one PostgreSQL never touch each other's.
 */
function runPrefix(run = inject('testRunId')): string {
  if (!run) throw new Error('no test run id: run this suite through Vitest with its global setup');
  return `cloudstash_test_${run}_`;
}

async function createDatabase(template?: string): Promise<TestDatabase> {
  const name = `${runPrefix()}${crypto.randomBytes(6).toString('hex')}`;
  await asAdmin(async (admin) => {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    // A test database outlives no PostgreSQL crash, so its commits need not wait for the disk: the app
    // behaves the same, and the suites stop queueing on one disk's flushes.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: databaseUrl(name),
    drop: () =>
      asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** Drops every database the run `run` made and did not drop (test/global-setup.ts calls it at the end). */
export async function dropRunDatabases(run: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  await asAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [runPrefix(run)],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}

/** A fresh, empty PostgreSQL database for one suite (one that migrates, or loads an older schema); `drop` removes it. */
export function createPostgresDatabase(): Promise<TestDatabase> {
  return createDatabase();
}

let spare: Promise<TestDatabase> | undefined;

/**
 * A fresh PostgreSQL database already at the latest schema: a copy of a template that the migrations built
 * once. Migrating each test app's database took about half a second of PostgreSQL's time; a copy takes about
 * as long again, so each call also starts the next copy, which the next test app then finds made while the
 * tests ran. The app still runs its migrations on start (finding none to do).
 */
export async function createMigratedPostgresDatabase(): Promise<TestDatabase> {
  const template = await migratedTemplate();
  const database = spare ?? createDatabase(template);
  spare = database.then(
    () => createDatabase(template),
    () => createDatabase(template),
  );
  // A spare that fails is reported to the call that takes it, not as an unhandled rejection meanwhile.
  spare.catch(() => {});
  return database;
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../src/db/migrations');
// Any number both sides agree on: it serialises building the template across workers and child processes.
const TEMPLATE_LOCK = 4_112_771;
let template: Promise<string> | undefined;

/**
 * The template's name carries a digest of every migration file, so a changed or added migration gets a template
 * of its own instead of a stale one; one left from an earlier run with the same migrations is reused.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const digest = crypto.createHash('sha256');
    for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
      digest.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
    }
    const name = `cloudstash_template_${digest.digest('hex').slice(0, 16)}`;
    await asAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      // Built under another name and renamed when complete, so a run killed half-way leaves no template
      // that looks finished.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const db = connectDatabase({ database: { kind: 'postgres', url: databaseUrl(building) } });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    });
    return name;
  })();
  return template;
}
