import { Worker } from 'node:worker_threads';
import { InlineDigest, type Digest } from '../blobs/checksum';
import { BATCH_BYTES } from './batched-file-sink';

/** Takes bytes in order and tells their digest once they have ended. */
export interface Digester {
  update(chunk: Buffer): void;
  /** Resolves once more bytes may be given (the digest has caught up); undefined when they may at once. */
  room(): Promise<void> | undefined;
  /** Every byte has been given: their digest. */
  result(): Promise<Digest>;
  /** The bytes will not end (the upload failed): forget them. */
  discard(): void;
}

/** On the calling thread, for bytes that come in pieces over several requests (resumable uploads). */
export class InlineDigester implements Digester {
  private readonly digest = new InlineDigest();

  update(chunk: Buffer): void {
    this.digest.update(chunk);
  }

  room(): undefined {
    return undefined;
  }

  result(): Promise<Digest> {
    return Promise.resolve(this.digest.digest());
  }

  discard(): void {}
}

// Pieces go to the thread in batches of BATCH_BYTES, the temporary file's write size: a 5 MB upload makes about
// twenty messages, and an upload has at most one batch being collected here.

/**
 * How many copied bytes may wait for the thread, all uploads together. Past it, uploads stop reading until
 * the thread catches up: when the thread gets less CPU than the sockets deliver (two cores shared with the
 * clients), the copies would otherwise pile up in its queue without bound.
 */
const QUEUED_BYTES_LIMIT = 16 * BATCH_BYTES;

/**
 * Batches travel in buffers the thread hands back once hashed, so a busy server allocates none. A batch is at
 * least BATCH_BYTES and at most one socket piece (64 KiB) more; one that does not fit gets a buffer of its own.
 */
const BUFFER_BYTES = BATCH_BYTES + 64 * 1024;
/** Room for every buffer the queue can hold, and a few being filled. */
const POOLED_BUFFERS = QUEUED_BYTES_LIMIT / BATCH_BYTES + 4;

/**
 * One thread that works out the digests of every upload of the process. Hashing is the event loop's largest
 * single cost of an upload (SHA-256 and CRC32C together about 6.5 ms of 5 MB here); with uploads arriving
 * faster than one core hashes, the event loop was the bottleneck and every other request waited behind it.
 * Copying and sending the batches costs the event loop about half of that (1.2 and 2.3 ms per 5 MB, profiled).
 * The thread starts with the server (or with the first upload of a process that did not start it) and never
 * keeps the process alive by itself.
 */
class DigestThread {
  private worker: Worker | undefined;
  /** Counts the threads started: a digest begun on one thread cannot be finished on the next. */
  generation = 0;
  private nextId = 0;
  private queuedBytes = 0;
  private caughtUp: (() => void)[] = [];
  private readonly buffers: ArrayBuffer[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (digest: Digest) => void; reject: (e: Error) => void }
  >();

  newId(): number {
    return this.nextId++;
  }

  /** A buffer to fill with a batch of `length` bytes, then `send`. */
  bufferFor(length: number): ArrayBuffer {
    return (length <= BUFFER_BYTES && this.buffers.pop()) || new ArrayBuffer(Math.max(length, BUFFER_BYTES));
  }

  send(id: number, buffer: ArrayBuffer, length: number): void {
    this.queuedBytes += length;
    this.start().postMessage({ id, buffer, length }, [buffer]);
  }

  /** Resolves once the thread's queue is below its limit; undefined when it already is. */
  room(): Promise<void> | undefined {
    if (this.queuedBytes < QUEUED_BYTES_LIMIT) return undefined;
    return new Promise((resolve) => this.caughtUp.push(resolve));
  }

  finish(id: number): Promise<Digest> {
    const worker = this.start();
    // An answer awaited keeps the process alive, as a read or a write would: a command that hashes through
    // the thread must not end before its answer comes.
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id });
    });
  }

  drop(id: number): void {
    this.worker?.postMessage({ id, drop: true });
  }

  private hashed(bytes: number, buffers: ArrayBuffer[] = []): void {
    for (const buffer of buffers)
      if (buffer.byteLength === BUFFER_BYTES && this.buffers.length < POOLED_BUFFERS)
        this.buffers.push(buffer);
    this.queuedBytes -= bytes;
    if (this.queuedBytes >= QUEUED_BYTES_LIMIT) return;
    const resume = this.caughtUp;
    this.caughtUp = [];
    for (const go of resume) go();
  }

  start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./digest-worker.mjs', import.meta.url));
    this.generation += 1;
    worker.on(
      'message',
      (message: { hashed: number; buffers: ArrayBuffer[] } | (Digest & { id: number })) => {
        if ('hashed' in message) return this.hashed(message.hashed, message.buffers);
        this.waiting.get(message.id)?.resolve({ hash: message.hash, crc32c: message.crc32c });
        this.waiting.delete(message.id);
        if (this.waiting.size === 0) worker.unref();
      },
    );
    // A thread that died took every digest in progress with it: those uploads fail, the next one starts anew.
    const failAll = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
      this.hashed(this.queuedBytes);
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the digest thread exited (${code})`)));
    // Listening for messages holds the process open; idle, the thread must not (unref after the listeners).
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const thread = new DigestThread();

/**
 * Starts the digest thread now rather than with the first upload, which then does not wait for it; a server
 * calls this as it starts, so the thread is part of its idle memory.
 */
export function startDigestThread(): Worker {
  return thread.start();
}

/** A digest worked out on the process's digest thread; the bytes given are copied, never kept. */
export class ThreadDigester implements Digester {
  private readonly id = thread.newId();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The thread that holds this digest's first bytes, once some were sent. */
  private sentTo: number | undefined;

  update(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= BATCH_BYTES) this.flush();
  }

  /** Resolves once more bytes may be given; undefined when they may at once. */
  room(): Promise<void> | undefined {
    return thread.room();
  }

  result(): Promise<Digest> {
    this.flush();
    // The thread died since: the digest it held went with it, and a new one would answer for the rest alone.
    if (this.sentTo !== undefined && this.sentTo !== thread.generation)
      return Promise.reject(new Error('the digest thread restarted during the upload'));
    return thread.finish(this.id);
  }

  discard(): void {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.sentTo === thread.generation) thread.drop(this.id);
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const length = this.pendingBytes;
    const buffer = thread.bufferFor(length);
    const batch = new Uint8Array(buffer);
    let at = 0;
    for (const chunk of this.pending) {
      batch.set(chunk, at);
      at += chunk.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    thread.send(this.id, buffer, length);
    this.sentTo ??= thread.generation;
  }
}
