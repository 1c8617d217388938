import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- s3rver ships no types; we use its constructor, run() and close() only.
import S3rver from 's3rver';

/**
 * An S3-compatible server on a free loopback port, backed by a temporary folder, for tests that talk to it
 * with the real AWS SDK over HTTP. s3rver (npm, pure JavaScript) is used because it needs no binary, no
 * Docker and no network: `npm install` is enough on any machine that runs the rest of the suite.
 */
export interface TestS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket created for the caller (each call a fresh one). */
  createBucket(): Promise<string>;
  /** The settings a CloudStash process needs to use `bucket`. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts only its fixed development credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  return {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    async createBucket() {
      const name = `cloudstash-${crypto.randomBytes(5).toString('hex')}`;
      fs.mkdirSync(path.join(directory, name), { recursive: true });
      return name;
    },
    env: (bucket) => ({
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
