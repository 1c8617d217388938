import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config';
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../private-files';
import type { Database } from './schema';
import { startCheckpoints } from './checkpoints';
import { withStatementCache } from './statement-cache';

export type Db = Kysely<Database>;

// COUNT and SUM come back from PostgreSQL as int8/numeric text; every such figure here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

export function connectDatabase(config: Pick<Config, 'database'>): Db {
  const target = config.database;
  if (target.kind === 'postgres') {
    // An upload holds its connection while it waits on a shared blob's row lock and while the bytes are placed,
    // so a burst of uploads queues for connections: waiting is right, failing after a few seconds is not.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 30_000 });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  ensurePrivateDir(path.dirname(target.file));
  ensurePrivateFile(target.file);
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  // SQLite gives its -wal and -shm files the database file's mode; made sure of, and older ones tightened.
  for (const suffix of ['-wal', '-shm']) tightenFile(`${target.file}${suffix}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals and sorts stay in memory. On disk, SQLite made a file in /var/tmp for them several times
  // per upload (open, write, unlink, all on the main thread), and wrote file names out of the data folder.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('wal_autocheckpoint = 0');
  const stopCheckpoints = startCheckpoints(target.file, () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, stopCheckpoints) }),
  });
}
