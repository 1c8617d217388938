import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE } from '../private-files';
import { BatchedFileSink } from './batched-file-sink';
import { SNIFF_BYTES } from './detect-type';
import { InlineDigester, ThreadDigester, type Digester } from './digest-thread';
import type { UploadHooks } from './hooks';

/** What the server learned while the bytes streamed past, before any row exists. */
export interface InspectedBytes {
  hash: string;
  /** CRC32C of the bytes (signed 32-bit), what whole reads check them against (blobs/checksum.ts). */
  crc32c: number;
  size: number;
  head: Buffer;
  validUtf8WithoutNul: boolean;
}

/** Bytes received into a temporary file, and what they showed on the way. */
export interface IngestedBytes extends InspectedBytes {
  tempPath: string;
}

/** More than the limit arrived; `size` is the file's whole size when it was read to its end, else unknown. */
export class UploadTooLargeError extends Error {
  constructor(readonly size?: number) {
    super('upload too large');
  }
}

/** The client's side of the upload failed (malformed form, body cut short): a 4xx, not our fault. */
export class UploadSourceError extends Error {}

/**
 * What bytes reveal as they go by: count, hash, the first bytes for type detection, and whether the whole
 * thing is UTF-8 without NUL (plain text), all in one pass without holding the file in memory. A resumable
 * upload keeps one across its pieces, so its last piece need not read the file again; that one hashes on the
 * calling thread, since its bytes may never end. An upload read in one request hashes on the digest thread.
 */
export class ByteTally {
  size = 0;
  private headChunks: Buffer[] = [];
  private headLength = 0;
  private decoder: InstanceType<typeof TextDecoder> | undefined = new TextDecoder('utf-8', { fatal: true });
  validUtf8WithoutNul = true;

  constructor(private readonly digester: Digester = new InlineDigester()) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.digester.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      const slice = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(slice);
      this.headLength += slice.length;
    }
    this.checkText(chunk);
  }

  /** The bytes ended: what they were. */
  async finish(): Promise<InspectedBytes> {
    this.checkText(undefined);
    const { hash, crc32c } = await this.digester.result();
    return {
      hash,
      crc32c,
      size: this.size,
      head: Buffer.concat(this.headChunks),
      validUtf8WithoutNul: this.validUtf8WithoutNul,
    };
  }

  /** Resolves once more bytes may be added (the digest has caught up); undefined when they may at once. */
  room(): Promise<void> | undefined {
    return this.digester.room();
  }

  /** The bytes will not end: let go of what the digest holds. */
  discard(): void {
    this.digester.discard();
  }

  private checkText(chunk: Buffer | undefined): void {
    if (!this.decoder) return;
    try {
      if (chunk && chunk.includes(0)) throw new Error('NUL byte');
      this.decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      // Binary: stop decoding, the rest of the file cannot make it text again.
      this.validUtf8WithoutNul = false;
      this.decoder = undefined;
    }
  }
}

/** A ByteTally as a pass-through stream; past `maxBytes` it only counts, and fails once the bytes end. */
class ByteInspector extends Transform {
  readonly tally: ByteTally;
  size = 0;

  constructor(
    private readonly maxBytes: number,
    digester?: Digester,
  ) {
    super();
    this.tally = new ByteTally(digester);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    // Past the limit nothing more is kept or written, but the rest of the file is still counted (the request
    // cap bounds how much), so the refusal can name the file's own size when the file ends soon after.
    if (this.size > this.maxBytes) return done();
    this.tally.add(chunk);
    const room = this.tally.room();
    if (!room) return done(null, chunk);
    void room.then(() => done(null, chunk));
  }

  override _flush(done: TransformCallback): void {
    if (this.size > this.maxBytes) return done(new UploadTooLargeError(this.size));
    done();
  }
}

/** Our disk failed (a write, the fsync): the client is not to blame, so this must end as a 5xx. */
function serverFault(error: unknown): Error {
  return Object.assign(error instanceof Error ? error : new Error(String(error)), { serverFault: true });
}

const createdDirectories = new Map<string, Promise<unknown>>();
/** Creates the temporary folder once per process: a mkdir per upload is a thread-pool job that waits behind fsyncs. */
function ensureDirectory(dir: string): Promise<unknown> {
  let created = createdDirectories.get(dir);
  if (!created) {
    created = fsp
      .mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
      .then(() => fsp.chmod(dir, PRIVATE_DIR_MODE))
      .catch((error: unknown) => {
        createdDirectories.delete(dir);
        throw error;
      });
    createdDirectories.set(dir, created);
  }
  return created;
}

/** A fresh name for an upload's temporary file in `tmpDir`; nothing exists under it yet. */
export function newTempPath(tmpDir: string): string {
  return path.join(tmpDir, `upload-${crypto.randomUUID()}`);
}

/**
 * Streams an upload into a new file at `tempPath` (fsynced before returning) while hashing it. Throws
 * UploadTooLargeError once a file of more than `maxBytes` ends (writing stops at the limit, counting goes on
 * so the refusal can name the file's size). Whatever happens, the file at `tempPath` is the caller's to
 * remove: it may exist, whole or partly written, after a failure too.
 */
export async function ingestToTempFile(
  source: Readable,
  tempPath: string,
  maxBytes: number,
  hooks: UploadHooks = {},
): Promise<IngestedBytes> {
  const tmpDir = path.dirname(tempPath);
  await ensureDirectory(tmpDir);
  const inspector = new ByteInspector(maxBytes, new ThreadDigester());
  const out = new BatchedFileSink(tempPath);
  try {
    await pipeline(source, inspector, out);
  } catch (error) {
    inspector.tally.discard();
    // A file torn down while its open is still in the thread pool is created when that open completes, after
    // the failure has been reported: the caller's removal would come first and find nothing (a malformed form
    // that fails at once, on a busy machine). Wait for it to close.
    await out.closedDown();
    if (error instanceof UploadTooLargeError) throw error;
    // Unless our own file failed, the bytes stopped because the client's form did (malformed, cut short).
    if (out.diskError === undefined) throw new UploadSourceError(String(error));
    // The folder vanished under us (someone cleaned it): the next upload creates it again.
    if ((out.diskError as { code?: string }).code === 'ENOENT') createdDirectories.delete(tmpDir);
    throw serverFault(out.diskError);
  }
  // The digest thread finishes its last batch while the file is made durable.
  const inspected = inspector.tally.finish();
  try {
    hooks.afterTempWrite?.();
    await out.sync().catch((error: unknown) => Promise.reject(serverFault(error)));
  } catch (error) {
    inspected.catch(() => {});
    throw error;
  } finally {
    out.destroy();
    await out.closedDown();
  }
  hooks.afterFsync?.();
  return { ...(await inspected), tempPath };
}

/**
 * What a normal upload learns while its bytes stream in, learnt from bytes already stored (a resumable upload
 * at completion) in one streaming read: the hash, the size, the head and whether it is plain text.
 */
export async function inspectStream(source: Readable): Promise<InspectedBytes> {
  const inspector = new ByteInspector(Number.MAX_SAFE_INTEGER);
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(source, inspector, discard);
  return await inspector.tally.finish();
}

/** The same for a file on disk. */
export async function inspectFile(filePath: string): Promise<IngestedBytes> {
  const inspected = await inspectStream(fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 }));
  return { ...inspected, tempPath: filePath };
}
