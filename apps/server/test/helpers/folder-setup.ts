import { afterAll } from 'vitest';
import type { Answer } from './test-client';
import { DIALECTS, type TestDialect } from './dialects';
import { startTestApp, type TestApp } from './test-app';
import { startTestS3, type TestS3 } from '../blobs/s3-server';
import type { TestClient } from './test-client';
import yauzl from 'yauzl';

export type Store = 'fs' | 's3';

/** Every dialect on the local store, and the S3 store once (on SQLite, so it runs without PostgreSQL too). */
export const DIALECT_STORES: Array<[TestDialect, Store]> = [
  ...DIALECTS.map((d): [TestDialect, Store] => [d, 'fs']),
  ['sqlite', 's3'],
];

/**
 * One S3 server for the test files that share this module, started by the first S3 app. The server project runs
 * its files without isolation, so this module and its hook belong to a worker, and the hook runs after the first
 * file only: it forgets the server it closes, and a later file starts another, which ends with the worker (the
 * server stops when its input closes).
 */
let s3: Promise<TestS3> | undefined;
afterAll(async () => {
  const open = s3;
  s3 = undefined;
  await (await open)?.close();
});

/** A test app on the dialect and store, with the environment given; S3 gets a bucket of its own. */
export async function startOnStore(
  dialect: TestDialect,
  store: Store,
  env: Record<string, string> = {},
): Promise<TestApp> {
  if (store === 'fs') return startTestApp(dialect, { env });
  s3 ??= startTestS3();
  const server = await s3;
  const bucket = await server.createBucket();
  return startTestApp(dialect, { env: { ...env, ...server.env(bucket) } });
}

/** Makes a folder and answers its id; fails the test with the server's answer when it could not. */
export async function makeFolder(client: TestClient, name: string, parentId: string | null = null) {
  const answer = await client.post('/api/v1/folders', { name, parentId });
  if (answer.status !== 201)
    throw new Error(`folder ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data._id as string;
}

export interface ZipEntry {
  name: string;
  /** 0 = stored, as is. */
  compressionMethod: number;
  bytes: Buffer;
}

/** Reads every entry of a zip with a real zip reader. */
export function readZip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.push({
            name: entry.fileName,
            compressionMethod: entry.compressionMethod,
            bytes: Buffer.alloc(0),
          });
          return zip.readEntry();
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              bytes: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The ids of a list answer's items. */
export const ids = (answer: Answer<{ data: Array<{ _id: string }> }>) => answer.body.data.map((i) => i._id);
