import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { TestClient } from '../helpers/test-client';

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Starts CloudStash on `dataDir` (which may not exist yet) and stores one file, so every data file exists. */
async function startAndUse(dataDir: string, databaseUrl: string | undefined): Promise<BuiltApp> {
  const built = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
  );
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const client = new TestClient(`http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`);
  await client.signUp();
  expect((await client.upload({ bytes: png(4242) })).status).toBe(201);
  return built;
}

describe.each(DIALECTS)('data files are readable by the service account only (%s)', (dialect) => {
  let parent: string;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  const umask = process.umask();
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-perm-'));
    database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    // A permissive umask, as a careless service unit might set: the modes must not depend on it.
    process.umask(0o002);
  });
  afterAll(async () => {
    process.umask(umask);
    await database?.drop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('creates DATA_DIR, its database, blobs, temporary folder and key owner-only on a fresh start', async () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    const built = await startAndUse(dataDir, database?.url);
    try {
      const expected: Record<string, string> = {
        '.': '700',
        blobs: '700',
        tmp: '700',
        'app-secret': '600',
        ...(dialect === 'sqlite' && {
          'cloudstash.db': '600',
          'cloudstash.db-wal': '600',
          'cloudstash.db-shm': '600',
        }),
      };
      const actual = Object.fromEntries(
        Object.keys(expected).map((name) => [name, modeOf(path.join(dataDir, name))]),
      );
      expect(actual).toEqual(expected);
    } finally {
      await built.app.close();
    }
  });

  it('tightens a DATA_DIR an older version left readable by others', async () => {
    const dataDir = path.join(parent, 'old');
    for (const dir of ['', 'blobs', 'tmp'])
      fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'app-secret'), Buffer.alloc(32, 7).toString('base64'), {
      mode: 0o644,
    });
    for (const dir of ['', 'blobs', 'tmp']) fs.chmodSync(path.join(dataDir, dir), 0o755);
    fs.chmodSync(path.join(dataDir, 'app-secret'), 0o644);
    if (dialect === 'sqlite') {
      fs.writeFileSync(path.join(dataDir, 'cloudstash.db'), '');
      fs.chmodSync(path.join(dataDir, 'cloudstash.db'), 0o644);
    }
    const built = await startAndUse(dataDir, database?.url);
    try {
      expect(['', 'blobs', 'tmp'].map((d) => modeOf(path.join(dataDir, d)))).toEqual(['700', '700', '700']);
      expect(modeOf(path.join(dataDir, 'app-secret'))).toBe('600');
      if (dialect === 'sqlite') expect(modeOf(path.join(dataDir, 'cloudstash.db'))).toBe('600');
    } finally {
      await built.app.close();
    }
  });
});
