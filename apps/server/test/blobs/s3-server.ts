import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { S3BlobStoreOptions } from '../../src/blobs/s3-blob-store';

/**
 * An S3-compatible server on a free loopback port, backed by a temporary folder, for tests that talk to it
 * with the real AWS SDK over HTTP. s3rver (npm, pure JavaScript) is used because it needs no binary, no
 * Docker and no network: `npm install` is enough on any machine that runs the rest of the suite. It runs in
 * a child process (see s3rver-child.mjs), which also keeps its work off the test worker's event loop.
 */
export interface TestS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps its objects (bucket/key._S3rver_object). */
  directory: string;
  /** A bucket created for the caller (each call a fresh one). */
  createBucket(): Promise<string>;
  /** The settings a CloudStash process needs to use `bucket`. */
  env(bucket: string): Record<string, string>;
  /** The same, as options for an S3BlobStore made inside the test. */
  storeOptions(bucket: string): S3BlobStoreOptions;
  /** Stops the server but keeps its folder (a test can show the store going away). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-child.mjs'), directory],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000).unref();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver knows only its fixed development key (and does not check v4 signatures, only the key id).
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    directory,
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
    storeOptions: (bucket) => ({
      endpoint,
      region,
      bucket,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
    }),
    stop,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A loopback port nobody listens on. */
export async function closedPort(): Promise<number> {
  // Below the kernel's ephemeral range (32768 and up on Linux): a port the kernel hands out for listen(0) is
  // one it may soon give an outgoing connection too, and a server restarted on it would then fail to listen.
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
}

/** Accepts TCP connections and never says a word: the worst kind of broken endpoint. */
export async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
