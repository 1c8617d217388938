import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/blobs/blob-store';
import { FsBlobStore } from '../../src/blobs/fs-blob-store';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { until } from '../helpers/test-app';
import { closedPort, silentServer, startTestS3, type TestS3 } from './s3-server';

/**
 * One behaviour, two stores: every implementation of BlobStore must pass the same contract, so the
 * deduplication protocol above it can rely on it whichever store an operator chose.
 */
interface Harness {
  store: BlobStore;
  /** A temporary file holding `bytes`, as the upload path hands to put(). */
  temp(bytes: Buffer): string;
  close(): Promise<void>;
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function tempFactory(dir: string) {
  return (bytes: Buffer) => {
    const file = path.join(dir, `upload-${crypto.randomUUID()}`);
    fs.writeFileSync(file, bytes);
    return file;
  };
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const harnesses: Record<'fs' | 's3', () => Promise<Harness>> = {
  fs: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-blobs-'));
    const store = new FsBlobStore(path.join(dir, 'blobs'));
    await store.init();
    return {
      store,
      temp: tempFactory(dir),
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-blobs-'));
    const bucket = await s3.createBucket();
    // A small list page so that a handful of objects already spans several ListObjectsV2 pages.
    const store = new S3BlobStore({ ...s3.storeOptions(bucket), listPageSize: 3 });
    await store.init();
    return {
      store,
      temp: tempFactory(dir),
      close: async () => {
        store.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(['fs', 's3'] as const)('BlobStore contract: %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harnesses[kind]();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('put makes the bytes readable under their key, and its creator can then remove the temporary file', async () => {
    const bytes = crypto.randomBytes(70_000);
    const key = sha(bytes);
    const temp = h.temp(bytes);
    expect(await h.store.exists(key)).toBe(false);
    await h.store.put(key, { kind: 'file', path: temp }, bytes.length);
    // The creator's removal: put never takes the temporary file, and the bytes stay readable without it.
    await fsp.rm(temp, { force: true });
    expect(await h.store.exists(key)).toBe(true);
    expect((await readAll(await h.store.read(key))).equals(bytes)).toBe(true);
  });

  it('put of a key that already holds bytes keeps them and leaves the temporary file to its creator', async () => {
    const bytes = crypto.randomBytes(1000);
    const key = sha(bytes);
    await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
    const again = h.temp(bytes);
    await h.store.put(key, { kind: 'file', path: again }, bytes.length);
    expect(fs.readFileSync(again).equals(bytes)).toBe(true);
    await fsp.rm(again, { force: true });
    expect((await readAll(await h.store.read(key))).equals(bytes)).toBe(true);
  });

  it('streams a file larger than any buffer the store might use (8 MB) intact', async () => {
    const bytes = crypto.randomBytes(8 * 1024 * 1024);
    const key = sha(bytes);
    await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
    expect(sha(await readAll(await h.store.read(key)))).toBe(key);
  });

  it('reads inclusive byte ranges (what a seeking video player asks for)', async () => {
    const bytes = crypto.randomBytes(10_000);
    const key = sha(bytes);
    await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
    const cases = [
      { start: 0, end: 0 },
      { start: 0, end: 99 },
      { start: 5000, end: 5999 },
      { start: 9999, end: 9999 },
      { start: 1, end: 9999 },
    ];
    for (const range of cases) {
      const got = await readAll(await h.store.read(key, range));
      expect(got.equals(bytes.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(true);
    }
  });

  it('reading a missing key rejects before any stream exists', async () => {
    await expect(h.store.read('f'.repeat(64))).rejects.toThrow();
    await expect(h.store.read('f'.repeat(64), { start: 0, end: 1 })).rejects.toThrow();
  });

  it('delete removes the bytes; deleting a missing key is not an error', async () => {
    const bytes = crypto.randomBytes(500);
    const key = sha(bytes);
    await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
    await h.store.delete(key);
    expect(await h.store.exists(key)).toBe(false);
    await expect(h.store.delete(key)).resolves.toBeUndefined();
    await expect(h.store.delete('e'.repeat(64))).resolves.toBeUndefined();
  });

  it('refuses keys that are not SHA-256 hex (no path or key injection)', async () => {
    await expect(h.store.read('../../etc/passwd')).rejects.toThrow(/Invalid blob key/);
    await expect(h.store.put('ABC', { kind: 'file', path: h.temp(Buffer.from('x')) }, 1)).rejects.toThrow(
      /Invalid blob key/,
    );
  });

  it('lists every stored key with its size and modification time, across pages', async () => {
    const stored = new Map<string, number>();
    for await (const item of h.store.list()) stored.set(item.key, item.size);
    const added: Array<[string, number]> = [];
    for (let i = 0; i < 8; i++) {
      const bytes = crypto.randomBytes(100 + i);
      const key = sha(bytes);
      await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
      added.push([key, bytes.length]);
    }
    const listed = new Map<string, { size: number; modifiedAt: Date }>();
    for await (const item of h.store.list()) listed.set(item.key, item);
    expect(listed.size).toBe(stored.size + added.length);
    for (const [key, size] of added) {
      expect(listed.get(key)?.size).toBe(size);
      expect(Math.abs(listed.get(key)!.modifiedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    }
  });

  it('keeps derived files (thumbnails) under their own names, apart from the blobs', async () => {
    const bytes = crypto.randomBytes(3000);
    const key = sha(bytes);
    await h.store.put(key, { kind: 'file', path: h.temp(bytes) }, bytes.length);
    const small = crypto.randomBytes(200);
    const large = crypto.randomBytes(900);
    await h.store.putDerived(`${key}-256.webp`, small);
    await h.store.putDerived(`${key}-1024.webp`, large);
    expect((await readAll(await h.store.readDerived(`${key}-256.webp`))).equals(small)).toBe(true);
    // A second put replaces the object whole.
    await h.store.putDerived(`${key}-256.webp`, large);
    expect((await readAll(await h.store.readDerived(`${key}-256.webp`))).equals(large)).toBe(true);

    const derived = new Map<string, number>();
    for await (const item of h.store.listDerived()) derived.set(item.name, item.size);
    expect(derived.get(`${key}-256.webp`)).toBe(900);
    expect(derived.get(`${key}-1024.webp`)).toBe(900);
    const blobKeys: string[] = [];
    for await (const item of h.store.list()) blobKeys.push(item.key);
    expect(blobKeys.filter((k) => k.startsWith(key))).toEqual([key]);

    await h.store.deleteDerived(`${key}-256.webp`);
    await expect(h.store.deleteDerived(`${key}-256.webp`)).resolves.toBeUndefined();
    await expect(h.store.readDerived(`${key}-256.webp`)).rejects.toThrow();
    expect(await h.store.exists(key)).toBe(true);
    await expect(h.store.readDerived('../../etc/passwd')).rejects.toThrow(/Invalid derived file name/);
    await expect(h.store.putDerived(`${key}/x.webp`, small)).rejects.toThrow(/Invalid derived file name/);
  });

  it('ping succeeds while the store answers', async () => {
    await expect(h.store.ping()).resolves.toBeUndefined();
  });
});

describe('S3BlobStore specifics', () => {
  it('ignores objects outside its prefix, so the bucket may hold other things', async () => {
    const bucket = await s3.createBucket();
    const store = new S3BlobStore(s3.storeOptions(bucket));
    await store.init();
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `backups/${'a'.repeat(64)}`, Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'blobs/not-a-hash', Body: 'x' }));
    const keys: string[] = [];
    for await (const item of store.list()) keys.push(item.key);
    expect(keys).toEqual([]);
    client.destroy();
    store.destroy();
  });

  it('replaces a torn object (wrong size) instead of trusting it', async () => {
    const bucket = await s3.createBucket();
    const store = new S3BlobStore(s3.storeOptions(bucket));
    const bytes = crypto.randomBytes(4000);
    const key = sha(bytes);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: `blobs/${key}`, Body: bytes.subarray(0, 1000) }),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-blobs-'));
    await store.put(key, { kind: 'file', path: tempFactory(dir)(bytes) }, bytes.length);
    expect(sha(await readAll(await store.read(key)))).toBe(key);
    client.destroy();
    store.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('init: a missing bucket is an error that says so, unless creation is allowed', async () => {
    const store = new S3BlobStore(s3.storeOptions(`missing-${crypto.randomBytes(4).toString('hex')}`));
    await expect(store.init()).rejects.toThrow(/S3 bucket missing: bucket "missing-.*" .* does not exist/);
    await store.init({ createBucket: true });
    await expect(store.init()).resolves.toBeUndefined();
    store.destroy();
  });

  it('init: unknown credentials are reported as access denied', async () => {
    const store = new S3BlobStore({ ...s3.storeOptions(await s3.createBucket()), accessKeyId: 'NOT-A-KEY' });
    await expect(store.init()).rejects.toThrow(/S3 access denied .*S3_ACCESS_KEY_ID/);
    store.destroy();
  });

  it('init: a refused connection fails at once, naming the endpoint', async () => {
    const port = await closedPort();
    const store = new S3BlobStore({ ...s3.storeOptions('x'), endpoint: `http://127.0.0.1:${port}` });
    const started = Date.now();
    await expect(store.init()).rejects.toThrow(
      new RegExp(`S3 store unreachable at bucket "x" at http://127.0.0.1:${port}: .*ECONNREFUSED`),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    store.destroy();
  });

  it('init: a server that accepts connections but never answers fails within the time limit, not a hang', async () => {
    const { port, close } = await silentServer();
    const store = new S3BlobStore({ ...s3.storeOptions('x'), endpoint: `http://127.0.0.1:${port}` });
    const started = Date.now();
    await expect(store.init({ timeoutMs: 1500 })).rejects.toThrow(
      /S3 store unreachable: no answer .* within 1.5 s/,
    );
    expect(Date.now() - started).toBeLessThan(4000);
    await expect(store.ping({ timeoutMs: 500 })).rejects.toThrow();
    store.destroy();
    await close();
  });
});

describe('FsBlobStore specifics', () => {
  it('frees the bytes a put replaces only after it has answered, and makes as many folders, so both paths cost the same', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-blobs-'));
    try {
      const store = new FsBlobStore(path.join(dir, 'blobs'));
      await store.init();
      const temp = tempFactory(dir);
      const bytes = crypto.randomBytes(256 * 1024);
      const key = sha(bytes);
      const replaced = path.join(dir, 'replaced');
      const inReplaced = (kind: 'file' | 'folder') =>
        fs
          .readdirSync(replaced, { withFileTypes: true })
          .filter((entry) => (kind === 'file' ? entry.isFile() : entry.isDirectory()))
          .map((entry) => entry.name);

      // New bytes: the put made both of the blob's folders (ab/ and ab/cd/), and needed nothing aside.
      await store.put(key, { kind: 'file', path: temp(bytes) });
      expect(fs.readdirSync(replaced)).toEqual([]);

      const before = fs.statSync(path.join(dir, 'blobs', store.localName(key))).ino;
      await store.put(key, { kind: 'file', path: temp(bytes) });
      // The bytes that were there still have a name: nothing was freed inside the put.
      const kept = inReplaced('file');
      expect(kept).toHaveLength(1);
      // Both folders were there already: the put made two stand-in folders instead.
      expect(inReplaced('folder')).toHaveLength(2);
      expect(fs.statSync(path.join(replaced, kept[0]!)).ino).toBe(before);
      expect((await readAll(await store.read(key))).equals(bytes)).toBe(true);
      // A moment later they are gone, and nothing else is.
      await until(
        'the replaced bytes and the stand-ins to be freed',
        async () => fs.readdirSync(replaced).length === 0,
      );
      expect((await readAll(await store.read(key))).equals(bytes)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
