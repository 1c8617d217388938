import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../src/blobs/s3-blob-store';
import { MIN_PART_BYTES, S3UploadPieces } from '../../src/upload/s3-pieces';
import { UploadOverrunError, type PieceStep, type PiecesOf } from '../../src/upload/upload-pieces';
import { sha256 } from '../helpers/fixtures';
import { startTestS3, type TestS3 } from './s3-server';

const MB = 1024 * 1024;

/** A request body: `bytes` in 256 KiB chunks, then (with `breakOff`) the connection failing. */
function body(bytes: Buffer, breakOff = false): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 256 * 1024) chunks.push(bytes.subarray(at, at + 256 * 1024));
  return Readable.from(
    (async function* () {
      yield* chunks;
      if (breakOff) throw new Error('client went away');
    })(),
  );
}

/**
 * The pieces of one upload against a real S3 server, with the row kept in memory: what is recorded is what
 * a later request (on any process) starts from, so every step that is recorded must be durable and every
 * step that is not must leave the recorded state readable.
 */
describe('resumable upload pieces on S3', () => {
  let s3: TestS3;
  let store: S3BlobStore;
  let pieces: S3UploadPieces;
  beforeAll(async () => {
    s3 = await startTestS3();
    store = new S3BlobStore(s3.storeOptions(await s3.createBucket()));
    pieces = new S3UploadPieces(store.staging, MIN_PART_BYTES);
  });
  afterAll(async () => {
    store?.destroy();
    await s3?.close();
  });

  async function begin(length: number): Promise<PiecesOf> {
    const id = crypto.randomUUID();
    const { s3_upload_id } = await pieces.begin(id);
    return { id, offset: 0, length, s3_upload_id, s3_parts: '[]', tail_bytes: 0, head_bytes: null };
  }

  /** Appends, recording into `row` unless `crashAt` says the process dies before that step is recorded. */
  async function append(
    row: PiecesOf,
    bytes: Buffer,
    options: { breakOff?: boolean; crashAt?: number } = {},
  ) {
    let steps = 0;
    const record = async (step: PieceStep) => {
      steps += 1;
      if (steps === options.crashAt) throw new Error('process died');
      Object.assign(row, step.pieces, { offset: step.offset });
    };
    return pieces.append(row, body(bytes, options.breakOff), {
      room: row.length - row.offset,
      record,
    });
  }

  async function assembled(row: PiecesOf): Promise<string> {
    const { bytes, source } = await pieces.assemble(row);
    expect(source).toEqual({ kind: 'staged', name: `uploads/${row.id}` });
    return bytes.hash;
  }

  it('keeps what a broken-off request brought as a tail and puts it before the next request', async () => {
    const bytes = crypto.randomBytes(12 * MB + 3);
    const row = await begin(bytes.length);
    const cut = await append(row, bytes.subarray(0, 2 * MB), { breakOff: true });
    expect(cut.failure).toBeInstanceOf(Error);
    expect(cut.offset).toBe(2 * MB);
    expect(row).toMatchObject({ offset: 2 * MB, tail_bytes: 2 * MB, s3_parts: '[]' });
    expect(Buffer.from(row.head_bytes!, 'base64').equals(bytes.subarray(0, 4100))).toBe(true);

    // 2 MiB of tail and 4 MiB more: one 5 MiB part, 1 MiB carried on.
    expect((await append(row, bytes.subarray(2 * MB, 6 * MB))).offset).toBe(6 * MB);
    expect(JSON.parse(row.s3_parts)).toHaveLength(1);
    expect(row.tail_bytes).toBe(MB);
    expect((await append(row, bytes.subarray(6 * MB))).offset).toBe(bytes.length);
    expect(JSON.parse(row.s3_parts).map((p: { size: number }) => p.size)).toEqual([
      5 * MB,
      5 * MB,
      2 * MB + 3,
    ]);
    expect(await assembled(row)).toBe(sha256(bytes));
    await pieces.remove(row);
    const left = [];
    for await (const object of store.staging.list(`uploads/${row.id}`)) left.push(object.name);
    expect(left).toEqual([]);
  });

  it('a process that dies before recording a step leaves the recorded state whole', async () => {
    const bytes = crypto.randomBytes(11 * MB);
    const row = await begin(bytes.length);
    expect((await append(row, bytes.subarray(0, 3 * MB))).offset).toBe(3 * MB);
    // Dies after growing the tail in place (3 → 4 MiB) but before recording it: the recorded 3 MiB are still
    // the start of that object.
    await expect(append(row, bytes.subarray(3 * MB, 4 * MB), { crashAt: 1 })).rejects.toThrow('process died');
    expect(row).toMatchObject({ offset: 3 * MB, tail_bytes: 3 * MB });
    // Dies after a part was cut (and recorded) and the new tail written, before recording the tail: the next
    // request starts from the part's end, and the old tail under its old name is never read again.
    await expect(append(row, bytes.subarray(3 * MB, 7 * MB), { crashAt: 2 })).rejects.toThrow('process died');
    expect(row).toMatchObject({ offset: 5 * MB, tail_bytes: 0 });
    expect((await append(row, bytes.subarray(5 * MB))).offset).toBe(bytes.length);
    expect(await assembled(row)).toBe(sha256(bytes));
    await pieces.remove(row);
  });

  it('refuses more bytes than the upload has room for, keeping those before', async () => {
    const row = await begin(MB);
    const result = await append(row, crypto.randomBytes(MB + 1));
    expect(result.failure).toBeInstanceOf(UploadOverrunError);
    expect(result.offset).toBe(MB);
    await pieces.remove(row);
  });

  it('gc of stray pieces goes on when the store refuses to list multipart uploads', async () => {
    const refusing = new Proxy(store.staging, {
      get(target, property, receiver) {
        if (property === 'listMultipart') {
          return () => {
            throw Object.assign(new Error('not implemented'), { $metadata: { httpStatusCode: 501 } });
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const stray = `uploads/${crypto.randomUUID()}.tail-1`;
    await store.staging.putSmall(stray, Buffer.alloc(10));
    const removed = await new S3UploadPieces(refusing, MIN_PART_BYTES).removeStrays(
      new Map(),
      Date.now(),
      false,
    );
    expect(removed).toMatchObject({ uploads: 1, bytes: 10 });
    expect(await store.staging.size(stray)).toBeUndefined();
  });
});
