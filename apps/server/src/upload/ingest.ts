import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE } from '../private-files';
import { SNIFF_BYTES } from './detect-type';
import type { UploadHooks } from './hooks';

/** What the server learned while the bytes streamed past, before any row exists. */
export interface IngestedBytes {
  tempPath: string;
  hash: string;
  size: number;
  head: Buffer;
  validUtf8WithoutNul: boolean;
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
 * Watches a stream go by: counts, hashes, keeps the first bytes for type detection and checks that the whole
 * thing is UTF-8 without NUL (plain text), all in one pass without holding the file in memory.
 */
class ByteInspector extends Transform {
  readonly hash = crypto.createHash('sha256');
  size = 0;
  private headChunks: Buffer[] = [];
  private headLength = 0;
  private decoder: InstanceType<typeof TextDecoder> | undefined = new TextDecoder('utf-8', { fatal: true });
  validUtf8WithoutNul = true;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    // Past the limit nothing more is kept or written, but the rest of the file is still counted (the request
    // cap bounds how much), so the refusal can name the file's own size when the file ends soon after.
    if (this.size > this.maxBytes) return done();
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      const slice = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(slice);
      this.headLength += slice.length;
    }
    this.checkText(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.size > this.maxBytes) return done(new UploadTooLargeError(this.size));
    this.checkText(undefined);
    done();
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

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
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
  const inspector = new ByteInspector(maxBytes);
  const out = fs.createWriteStream(tempPath, { flags: 'wx' });
  let diskError: unknown;
  out.once('error', (error) => (diskError ??= error));
  try {
    await pipeline(source, inspector, out);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw error;
    // Unless our own file failed, the bytes stopped because the client's form did (malformed, cut short).
    if (diskError === undefined) throw new UploadSourceError(String(error));
    // The folder vanished under us (someone cleaned it): the next upload creates it again.
    if ((diskError as { code?: string }).code === 'ENOENT') createdDirectories.delete(tmpDir);
    throw serverFault(diskError);
  }
  hooks.afterTempWrite?.();
  try {
    const handle = await fsp.open(tempPath, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw serverFault(error);
  }
  hooks.afterFsync?.();
  return {
    tempPath,
    hash: inspector.hash.digest('hex'),
    size: inspector.size,
    head: inspector.head,
    validUtf8WithoutNul: inspector.validUtf8WithoutNul,
  };
}
