import fs from 'node:fs';
import { Writable } from 'node:stream';
import { PRIVATE_FILE_MODE } from '../private-files';

/**
 * A quarter of a mebibyte per write: a 5 MB upload becomes about twenty thread-pool jobs instead of a hundred
 * or more, while 32 uploads at once hold no more than 8 MB waiting to be written.
 */
export const BATCH_BYTES = 256 * 1024;

/**
 * A new file (it must not exist) written in batches of `batchBytes`. A socket hands a body over in pieces of
 * 16 to 64 KB, and written as they arrive each piece is a job for the thread pool. Handing a job to a sleeping
 * pool thread wakes it with a system call, and the event loop pays for it: with 16 uploads at once on a
 * two-core virtual machine, handing over those writes took about a quarter of the event loop's busy time.
 * Collecting pieces first makes that about twenty jobs for 5 MB. They are written together with `writev`, so
 * nothing is copied.
 *
 * Bytes still being collected are not in the file: when the stream fails, the file holds only whole batches
 * (a new upload's temporary file is removed after a failure anyway). After 'finish' it keeps its descriptor
 * open, so `sync()` can make the file durable without opening it again; the owner destroys it when done,
 * which closes it (a pipeline that fails destroys it too).
 */
export class BatchedFileSink extends Writable {
  /** The first failure of this file's own open, write or sync; a stream torn down by its source has none. */
  diskError: Error | undefined;
  private fd: number | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private position = 0;
  /** A write the pool is doing: closing the descriptor under it could hand the number to another file. */
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly batchBytes = BATCH_BYTES,
  ) {
    super({ autoDestroy: false, highWaterMark: batchBytes });
  }

  override _construct(done: (error?: Error | null) => void): void {
    fs.open(this.path, 'wx', PRIVATE_FILE_MODE, (error, fd) => {
      this.fd = fd;
      done(this.failed(error));
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.batchBytes) return done();
    this.flush(done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush(done);
  }

  /** Makes the written bytes durable; call it after 'finish', before destroying the stream. */
  sync(): Promise<void> {
    if (this.fd === undefined) return Promise.reject(new Error('the file is not open'));
    const fd = this.fd;
    return new Promise((resolve, reject) =>
      fs.fsync(fd, (error) => (error ? reject(this.failed(error)) : resolve())),
    );
  }

  /** Resolves once the descriptor is closed, however the stream ended (never rejects). */
  closedDown(): Promise<void> {
    return this.closed ? Promise.resolve() : new Promise((resolve) => this.once('close', () => resolve()));
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd === undefined) return done(error);
    void (this.inFlight ?? Promise.resolve()).then(() =>
      fs.close(fd, (closeError) => done(error ?? closeError)),
    );
  }

  private flush(done: (error?: Error | null) => void): void {
    const chunks = this.pending;
    const bytes = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    if (bytes === 0) return done();
    const written = writeAll(this.fd!, chunks, this.position).then(() => {
      this.position += bytes;
    });
    this.inFlight = written.then(
      () => undefined,
      () => undefined,
    );
    written.then(
      () => done(),
      (error: Error) => done(this.failed(error)),
    );
  }

  private failed(error: Error | null): Error | null {
    if (error) this.diskError ??= error;
    return error;
  }
}

/** writev until every byte is in: a regular file may take fewer bytes than asked (a disk nearly full). */
async function writeAll(fd: number, chunks: Buffer[], position: number): Promise<void> {
  let rest = chunks;
  let at = position;
  while (rest.length > 0) {
    const written = await new Promise<number>((resolve, reject) =>
      fs.writev(fd, rest, at, (error, bytesWritten) => (error ? reject(error) : resolve(bytesWritten))),
    );
    if (written === 0) throw new Error('the disk took no bytes');
    at += written;
    rest = dropBytes(rest, written);
  }
}

/** The chunks after their first `count` bytes. */
function dropBytes(chunks: Buffer[], count: number): Buffer[] {
  let skip = count;
  let index = 0;
  while (index < chunks.length && skip >= chunks[index]!.length) skip -= chunks[index++]!.length;
  const rest = chunks.slice(index);
  if (skip > 0 && rest.length > 0) rest[0] = rest[0]!.subarray(skip);
  return rest;
}
