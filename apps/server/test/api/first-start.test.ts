import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { TestClient } from '../helpers/test-client';

const READY = /^CloudStash is ready at .*$/m;

/** Starts the real server and waits for its start-up line on stdout. */
async function start(env: Record<string, string>): Promise<{ server: ChildServer; line: string }> {
  const server = await startChildServer(env);
  for (let i = 0; !READY.test(server.stdout()); i++) {
    if (server.process.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { server, line: READY.exec(server.stdout())![0] };
}

describe.each(DIALECTS)('the start-up line (%s)', (dialect) => {
  let dataDir: string;
  let env: Record<string, string>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-start-'));
    database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    // A password in the URL must never be printed.
    const url = database && new URL(database.url);
    if (url) url.password = 'do-not-print-me';
    env = {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      ...(url && { DATABASE_URL: url.toString() }),
    };
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where it is, where its data lives and the limit; a new instance says who becomes admin', async () => {
    const first = await start(env);
    try {
      const port = new URL(first.server.baseUrl).port;
      expect(first.line).toContain(`CloudStash is ready at http://127.0.0.1:${port}`);
      expect(first.line).toContain(
        dialect === 'sqlite'
          ? `database: SQLite (${path.join(dataDir, 'cloudstash.db')})`
          : 'database: PostgreSQL (postgres://127.0.0.1:5432/cloudstash_test_',
      );
      expect(first.line).toContain(`blobs: ${path.join(dataDir, 'blobs')}`);
      expect(first.line).toContain('uploads up to 5 MB');
      expect(first.line).toContain('new instance: the first account to register becomes administrator');
      expect(first.line).not.toContain('do-not-print-me');
      expect(first.line).not.toContain('postgres@');
      expect((await new TestClient(first.server.baseUrl).register()).answer.status).toBe(201);
    } finally {
      await first.server.kill('SIGTERM');
    }

    const second = await start(env);
    try {
      expect(second.line).toContain('CloudStash is ready at');
      expect(second.line).not.toContain('new instance');
    } finally {
      await second.server.kill('SIGTERM');
    }
  });
});
