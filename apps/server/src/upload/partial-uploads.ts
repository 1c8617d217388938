import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE } from '../private-files';
import type { UploadPiecesRef } from '../repositories/resumable-uploads';
import { inspectFile, type ByteTally } from './ingest';
import {
  UploadOverrunError,
  type AppendOptions,
  type AppendResult,
  type AssembledUpload,
  type PiecesOf,
  type UploadPieces,
} from './upload-pieces';

/**
 * Passes at most `room` bytes; a chunk that would go past it fails the stream instead of being cut. Each chunk
 * let through is shown to `observe` (a running hash) on its way to the disk.
 */
class RoomGuard extends Transform {
  constructor(
    private room: number,
    private readonly observe?: (chunk: Buffer) => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (chunk.length > this.room) return done(new UploadOverrunError());
    this.room -= chunk.length;
    this.observe?.(chunk);
    done(null, chunk);
  }
}

/**
 * The bytes of resumable uploads in flight on the file system store, one file per upload named by its id in
 * this process's data folder. Each append first cuts the file back to the offset it starts from (a crash may
 * have left bytes past the recorded offset), writes what arrives, and fsyncs before the new offset is
 * recorded, so a recorded offset is always on disk.
 */
export class PartialUploads implements UploadPieces {
  readonly shared = false;
  private ready: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  pathOf(id: string): string {
    return path.join(this.dir, id);
  }

  private ensureDir(): Promise<unknown> {
    this.ready ??= fsp
      .mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE })
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  async begin(id: string): Promise<{ s3_upload_id: null }> {
    await this.ensureDir();
    await (await fsp.open(this.pathOf(id), 'wx', 0o600)).close();
    return { s3_upload_id: null };
  }

  async append(
    upload: PiecesOf,
    source: Readable,
    { room, observe, record }: AppendOptions,
  ): Promise<AppendResult> {
    const written = await this.write(upload.id, upload.offset, source, room, observe);
    await record({ offset: written.offset });
    return written;
  }

  private async write(
    id: string,
    offset: number,
    source: Readable,
    room: number,
    observe?: (chunk: Buffer) => void,
  ): Promise<AppendResult> {
    const file = this.pathOf(id);
    await fsp.truncate(file, offset);
    let failure: unknown;
    try {
      const out = fs.createWriteStream(file, { flags: 'r+', start: offset });
      await pipeline(source, new RoomGuard(room, observe), out);
    } catch (error) {
      failure = error;
    }
    const handle = await fsp.open(file, 'r+');
    try {
      await handle.sync();
      return { offset: (await handle.stat()).size, ...(failure !== undefined && { failure }) };
    } finally {
      await handle.close();
    }
  }

  /** The first `bytes` bytes (fewer when the file is shorter). */
  async head(upload: PiecesOf, bytes: number): Promise<Buffer> {
    const handle = await fsp.open(this.pathOf(upload.id), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The file is the upload: hashed by the tally that saw every piece arrive here, else read once. */
  async assemble(upload: PiecesOf, tally?: ByteTally): Promise<AssembledUpload> {
    const path = this.pathOf(upload.id);
    const bytes = tally?.size === upload.length ? await tally.finish() : await inspectFile(path);
    return { bytes, source: { kind: 'file', path } };
  }

  async remove(upload: UploadPiecesRef): Promise<void> {
    await fsp.rm(this.pathOf(upload.id), { force: true });
  }

  async removeStrays(
    known: Map<string, string | null>,
    cutoff: number,
    dryRun: boolean,
  ): Promise<{ uploads: number; bytes: number }> {
    const removed = { uploads: 0, bytes: 0 };
    for (const part of await this.list()) {
      if (known.has(part.id) || part.modifiedAt.getTime() > cutoff) continue;
      if (!dryRun) await fsp.rm(this.pathOf(part.id), { force: true });
      removed.uploads += 1;
      removed.bytes += part.size;
    }
    return removed;
  }

  private async list(): Promise<{ id: string; size: number; modifiedAt: Date }[]> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    const found = [];
    for (const name of names) {
      const stat = await fsp.stat(this.pathOf(name)).catch(() => undefined);
      if (stat?.isFile()) found.push({ id: name, size: stat.size, modifiedAt: stat.mtime });
    }
    return found;
  }
}
