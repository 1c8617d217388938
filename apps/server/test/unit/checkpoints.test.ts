import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpoints } from '../../src/db/checkpoints';
import { connectDatabase } from '../../src/db/connect';
import { until } from '../helpers/test-app';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SQLite checkpoints', () => {
  it('reach the database file from their own thread, with the server connection never checkpointing', async () => {
    const file = path.join(dir, 'cloudstash.db');
    const db = connectDatabase({ database: { kind: 'sqlite', file } });
    try {
      const own = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(own.rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table notes (body text)`.execute(db);
      const before = fs.statSync(file).size;
      // About 2 MB in many commits: pages the log holds until a checkpoint copies them into the file.
      for (let i = 0; i < 200; i++) {
        await sql`insert into notes (body) values (${'x'.repeat(10_000)})`.execute(db);
      }
      const grown = await until(
        'a checkpoint to copy the log into the database file',
        async () => {
          const size = fs.statSync(file).size;
          return size > before + 1_000_000 ? size : undefined;
        },
        10_000,
      );
      expect(grown).toBeGreaterThan(before);
    } finally {
      await db.destroy();
    }
  });

  it('hand checkpoints back to the caller when their thread cannot run', async () => {
    let handedBack = false;
    // A folder that does not exist: the thread cannot open the database and ends.
    startCheckpoints(path.join(dir, 'missing', 'cloudstash.db'), () => {
      handedBack = true;
    });
    expect(await until('the thread to hand checkpoints back', async () => handedBack, 10_000)).toBe(true);
  });
});
