import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from '../../../src/app';
import type { BlobStore } from '../../../src/blobs/blob-store';
import { loadConfig, type Config } from '../../../src/config';
import { connectDatabase, type Db } from '../../../src/db/connect';
import { createPostgresDatabase, type TestDialect } from '../../helpers/dialects';
import { TestClient } from '../../helpers/test-client';

export interface SecurityApp extends BuiltApp {
  dialect: TestDialect;
  config: Config;
  baseUrl: string;
  port: number;
  dataDir: string;
  client(): TestClient;
  close(): Promise<void>;
}

export interface SecurityAppOptions {
  env?: Record<string, string>;
  /** Wraps the database the app uses (a Kysely plugin that injects faults, say). */
  wrapDb?: (db: Db) => Db;
  /** Replaces the blob store (a test double around the real one). */
  wrapStore?: (config: Config) => Promise<BlobStore> | BlobStore;
  /** Runs after buildApp and before listen: the last moment hooks may be added. */
  beforeListen?: (app: FastifyInstance) => void;
}

/**
 * Like the API suites' startTestApp, with the seams the security suites need: a wrapped database or blob
 * store (fault injection), extra hooks (observing the socket), and any setting.
 */
export async function startSecurityApp(
  dialect: TestDialect,
  options: SecurityAppOptions = {},
): Promise<SecurityApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-sec-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
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
  const built = await buildApp(config, { ...(db && { db }), ...(store && { store }) });
  options.beforeListen?.(built.app);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address() as net.AddressInfo;
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    ...built,
    dialect,
    config,
    baseUrl,
    port: address.port,
    dataDir,
    client: () => new TestClient(baseUrl),
    close: async () => {
      await built.app.close();
      await db?.destroy();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every regular file under `dir` (recursively), as absolute paths. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
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
  const jar = (client as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
