import { OutgoingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { isLent, takeBackLent } from './buffer-pool';
import { FileRangeStream } from './file-range-stream';

/** Asks a stream from a blob store to read into lent buffers, when it reads into pooled ones at all. */
export function lendBuffersOf(stream: Readable): Readable {
  return stream instanceof FileRangeStream ? stream.lendBuffers() : stream;
}

/**
 * The last step before an HTTP response of a stream built from lent buffers (lendBuffersOf): it passes every
 * chunk on unchanged and puts its buffer back in the pool once every byte it passed on has left the process
 * (nothing waits in this step or in the response), or when the response has finished.
 *
 * A zip's entries are read into pooled buffers this way: without it each 256 KiB of a zip was a fresh buffer
 * that only the garbage collector freed, which cost the server a gigabyte zip's worth of collections and near
 * 100 MiB of resident memory, where a plain download's buffers go round a small pool.
 */
export class BufferReturn extends Transform {
  private response: OutgoingMessage | undefined;
  private held: Buffer[] = [];

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (destination instanceof OutgoingMessage && !this.response) {
      this.response = destination;
      destination.once('finish', () => this.giveBackHeld());
    }
    return super.pipe(destination, options);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.allSent()) this.giveBackHeld();
    if (isLent(chunk)) this.held.push(chunk);
    callback(null, chunk);
  }

  private allSent(): boolean {
    return this.response !== undefined && this.readableLength === 0 && this.response.writableLength === 0;
  }

  private giveBackHeld(): void {
    for (const chunk of this.held.splice(0)) takeBackLent(chunk);
  }
}
