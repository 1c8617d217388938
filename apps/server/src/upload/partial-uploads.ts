import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE } from '../private-files';

/** A request carried more bytes than its upload has room for. */
export class UploadOverrunError extends Error {}

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

export interface AppendResult {
  /** Bytes durably in the file now: the upload's new offset. */
  offset: number;
  /** Why the request's bytes stopped early (client gone, overrun), after whatever arrived was kept. */
  failure?: unknown;
}

/**
 * The bytes of resumable uploads in flight, one file per upload named by its id. Each append first cuts the
 * file back to the offset it starts from (a crash may have left bytes past the recorded offset), writes what
 * arrives, and fsyncs before the new offset is reported, so a reported offset is always on disk.
 */
export class PartialUploads {
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

  async create(id: string): Promise<void> {
    await this.ensureDir();
    await (await fsp.open(this.pathOf(id), 'wx', 0o600)).close();
  }

  async append(
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
  async head(id: string, bytes: number): Promise<Buffer> {
    const handle = await fsp.open(this.pathOf(id), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async remove(id: string): Promise<void> {
    await fsp.rm(this.pathOf(id), { force: true });
  }

  async list(): Promise<{ id: string; size: number; modifiedAt: Date }[]> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    const found = [];
    for (const name of names) {
      const stat = await fsp.stat(this.pathOf(name)).catch(() => undefined);
      if (stat?.isFile()) found.push({ id: name, size: stat.size, modifiedAt: stat.mtime });
    }
    return found;
  }
}
