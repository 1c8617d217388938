import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from '../../src/app';
import type { BlobStore } from '../../src/blobs/blob-store';
import { loadConfig, type Config } from '../../src/config';
import { connectDatabase, type Db } from '../../src/db/connect';
import { createMigratedPostgresDatabase, type TestDialect } from './dialects';
import { TestClient, type newAccount } from './test-client';
import { TestClock } from './test-clock';

export interface TestApp extends BuiltApp {
  dialect: TestDialect;
  config: Config;
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The clock of every service: it stands still until the test moves it (kept across a restart). */
  clock: TestClock;
  /** A client with its own cookie jar, like one browser. */
  client(): TestClient;
  /** Stops the server and starts a new one on the same port, data folder and database (a deploy, a crash). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Settings on top of the test defaults (any environment variable the server reads). */
  env?: Record<string, string>;
  /** Wraps the database the app uses (a Kysely plugin that injects faults, say). */
  wrapDb?: (db: Db) => Db;
  /** Replaces the blob store (a test double around the real one). */
  wrapStore?: (config: Config) => Promise<BlobStore> | BlobStore;
  /** Runs after buildApp and before listen: the last moment hooks may be added. */
  beforeListen?: (app: FastifyInstance) => void;
}

/**
 * A real CloudStash on a free loopback port, with its own data folder and (for PostgreSQL) its own database,
 * so suites run side by side and requests go through real HTTP and real multipart streaming. The options are
 * the seams the security suites need: any setting, a wrapped database or blob store (fault injection), and
 * extra hooks (observing the socket).
 */
export async function startTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-test-'));
  const database = dialect === 'postgres' ? await createMigratedPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REGISTER_RATE_LIMIT_PER_HOUR: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(database && { DATABASE_URL: database.url }),
    ...options.env,
  });
  const db = options.wrapDb ? options.wrapDb(connectDatabase(config)) : undefined;
  const store = options.wrapStore ? await options.wrapStore(config) : undefined;
  const clock = new TestClock();
  const build = async (port: number) => {
    const app = await buildApp(config, { ...(db && { db }), ...(store && { store }), clock });
    options.beforeListen?.(app.app);
    await app.app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  const built = await build(0);
  const address = built.app.server.address() as net.AddressInfo;
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const testApp: TestApp = {
    ...built,
    dialect,
    config,
    baseUrl,
    port: address.port,
    dataDir,
    clock,
    client: () => new TestClient(baseUrl),
    restart: async () => {
      await testApp.app.close();
      Object.assign(testApp, await build(address.port));
    },
    close: async () => {
      await testApp.app.close();
      await db?.destroy();
      await database?.drop();
      // A temporary file of a request that ended with the app may still be closing: retry as rm -rf would.
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    },
  };
  return testApp;
}

/**
 * Every regular file under `dir` (recursively), as absolute paths. Folders that vanish while being walked
 * (another suite removing its data folder under the same temporary directory) are skipped, not an error.
 */
export function filesUnder(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** A new client with a new account signed in (the instance's first account becomes its admin). */
export async function signedUp(
  t: TestApp,
  account: Parameters<typeof newAccount>[0] = {},
): Promise<TestClient> {
  const client = t.client();
  await client.signUp(account);
  return client;
}

/**
 * Polls `check` until it answers something, and returns that; fails naming `what` after `ms` (generous:
 * background work on a loaded machine is slow, and a test waiting for it should not fail for that alone).
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `check` until it returns true or `ms` pass; returns the last result. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The raw bytes of a multipart/form-data body with the given parts, for requests fetch cannot shape. */
export function multipartBody(
  boundary: string,
  parts: { name: string; value?: string; filename?: string; type?: string; bytes?: Buffer }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename !== undefined
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    let head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n`;
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`, 'utf8'),
      part.bytes ?? Buffer.from(part.value ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The session cookie header value a signed-in TestClient sends. */
export function cookieOf(client: TestClient): string {
  return client.cookieHeader();
}

/**
 * The Basic credentials a WebDAV or sync client signs in with: the account's email and a new access token of
 * `scope`, named `name` (the name an upload through it records as its client).
 */
export async function davCredentials(
  client: TestClient,
  { name = 'dav', scope = 'read-write' }: { name?: string; scope?: 'read' | 'read-write' } = {},
): Promise<string> {
  const token = await client.post('/api/v1/users/me/tokens', { name, scope });
  if (token.status !== 201) throw new Error(`token ${name}: ${token.status} ${JSON.stringify(token.body)}`);
  return `Basic ${Buffer.from(`${client.user!.email}:${token.body.data.token}`).toString('base64')}`;
}
