import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createPostgresDatabase, type TestDialect } from './dialects';
import { TestClient } from './test-client';

export interface TestApp extends BuiltApp {
  dialect: TestDialect;
  baseUrl: string;
  dataDir: string;
  /** A client with its own cookie jar, like one browser. */
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * A real CloudStash on a free loopback port, with its own data folder and (for PostgreSQL) its own database,
 * so suites run side by side and requests go through real HTTP and real multipart streaming.
 */
export async function startTestApp(dialect: TestDialect, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-test-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REGISTER_RATE_LIMIT_PER_HOUR: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(database && { DATABASE_URL: database.url }),
    ...env,
  });
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...built,
    dialect,
    baseUrl,
    dataDir,
    client: () => new TestClient(baseUrl),
    close: async () => {
      await built.app.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
