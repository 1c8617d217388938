import fs from 'node:fs';
import { OutgoingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { giveBack, lendBuffer, takeBuffer } from './buffer-pool';

/** Something that looks at every byte of a read on its way out (the bitrot check of a whole download). */
export interface ReadCheck {
  /** Each chunk, in order, as it is read. */
  update(chunk: Buffer): void;
  /** Runs once the last byte is read, before the last chunk is passed on; a rejection ends the stream with it. */
  beforeLast(): Promise<void>;
}

/**
 * Bytes `start` to `end` (inclusive) of an open file, read into pooled buffers (buffer-pool.ts), where
 * fs.createReadStream makes a new one per chunk: under the download bench that took the serving process from
 * the bare Node file server's throughput to under half of it in some runs.
 *
 * A buffer is used again only once nothing can still hold it: the stream was piped into an HTTP response (and
 * nowhere else), and neither this stream nor the response has any byte still waiting, so every chunk pushed so
 * far is in the kernel. Read any other way (a pipeline into a file, `for await`), each chunk keeps its own
 * buffer, as before, unless the reader lends its buffers (lendBuffers) to a consumer that gives them back.
 */
export class FileRangeStream extends Readable {
  private position: number;
  private response: OutgoingMessage | undefined;
  private pipes = 0;
  private check: ReadCheck | undefined;
  /** Set when the stream's end gives every chunk's buffer back itself (buffer-return.ts). */
  private lending = false;
  /** Set while a read is in the thread pool: the descriptor must not be closed (and its number reused) under it. */
  private reading = false;
  private closeAfterRead: (() => void) | undefined;
  /** Buffers whose bytes were pushed and may still be on their way to the client. */
  private readonly sent: Buffer[] = [];
  /** Buffers of this stream that nothing holds. */
  private readonly spare: Buffer[] = [];

  constructor(
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    // No read-ahead beyond what the consumer asks for: every buffered chunk is a buffer that cannot be reused.
    super({ highWaterMark: 0 });
    this.position = start;
  }

  /** Runs `check` over the bytes as they are read; the last chunk waits for its `beforeLast`. */
  checkWith(check: ReadCheck): this {
    this.check = check;
    return this;
  }

  /**
   * Reads each chunk into a lent buffer, which the consumer at the end of the stream's path gives back once the
   * chunk is sent (a zip's entries pass through the zip writer before they reach the response).
   */
  lendBuffers(): this {
    this.lending = true;
    return this;
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.pipes += 1;
    this.response = destination instanceof OutgoingMessage ? destination : undefined;
    return super.pipe(destination, options);
  }

  override _read(): void {
    const remaining = this.end - this.position + 1;
    if (remaining <= 0) {
      void this.finish(undefined);
      return;
    }
    const buffer = this.freeBuffer();
    this.reading = true;
    fs.read(this.fd, buffer, 0, Math.min(buffer.length, remaining), this.position, (error, bytesRead) => {
      this.reading = false;
      if (this.closeAfterRead) {
        this.closeAfterRead();
        return;
      }
      if (error) {
        this.spare.push(buffer);
        this.destroy(error);
        return;
      }
      if (bytesRead === 0) {
        // The file is shorter than asked: end here, and let the check (or the Content-Length) tell.
        this.spare.push(buffer);
        void this.finish(undefined);
        return;
      }
      this.position += bytesRead;
      if (!this.lending) this.sent.push(buffer);
      const chunk = buffer.subarray(0, bytesRead);
      this.check?.update(chunk);
      if (this.position > this.end) void this.finish(chunk);
      else this.push(chunk);
    });
  }

  private async finish(last: Buffer | undefined): Promise<void> {
    try {
      await this.check?.beforeLast();
    } catch (error) {
      this.destroy(error as Error);
      return;
    }
    if (last) this.push(last);
    this.push(null);
  }

  private freeBuffer(): Buffer {
    if (this.lending) return this.spare.pop() ?? lendBuffer();
    if (this.sent.length > 0 && this.allSent()) this.spare.push(...this.sent.splice(0));
    return this.spare.pop() ?? takeBuffer();
  }

  /** Whether every byte pushed so far has left the process (see the class comment). */
  private allSent(): boolean {
    return (
      this.pipes === 1 &&
      this.response !== undefined &&
      this.readableLength === 0 &&
      this.response.writableLength === 0
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const close = () => {
      const reusable = this.allSent() ? this.sent.splice(0) : [];
      // Buffers that may still be on their way out stay with whoever holds them: the garbage collector has them.
      giveBack([...reusable, ...this.spare.splice(0)]);
      fs.close(this.fd, (closeError) => callback(error ?? closeError));
    };
    if (this.reading) this.closeAfterRead = close;
    else close();
  }
}
