import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { Crc32c } from '../blobs/checksum';

/** SHA-256 (the blob's key) and CRC32C (what whole reads check) of a stream of bytes. */
export interface Digest {
  hash: string;
  crc32c: number;
}

/** Takes bytes in order and tells their digest once they have ended. */
export interface Digester {
  update(chunk: Buffer): void;
  /** Every byte has been given: their digest. */
  result(): Promise<Digest>;
  /** The bytes will not end (the upload failed): forget them. */
  discard(): void;
}

/** On the calling thread, for bytes that come in pieces over several requests (resumable uploads). */
export class InlineDigester implements Digester {
  private readonly hash = crypto.createHash('sha256');
  private readonly crc = new Crc32c();

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.crc.update(chunk);
  }

  result(): Promise<Digest> {
    return Promise.resolve({ hash: this.hash.digest('hex'), crc32c: this.crc.digest() });
  }

  discard(): void {}
}

/**
 * Pieces are sent to the thread in batches of this size, like the temporary file's writes: a 5 MB upload
 * makes about twenty messages, and an upload has at most one batch waiting here.
 */
const BATCH_BYTES = 256 * 1024;

/**
 * One thread that works out the digests of every upload of the process. Hashing is the event loop's largest
 * single cost of an upload (SHA-256 and CRC32C together about 6.5 ms of 5 MB here); with uploads arriving
 * faster than one core hashes, the event loop was the bottleneck and every other request waited behind it.
 * Copying a batch to the thread costs a tenth of hashing it. The thread starts with the first upload and
 * never keeps the process alive by itself.
 */
class DigestThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (digest: Digest) => void; reject: (e: Error) => void }
  >();

  newId(): number {
    return this.nextId++;
  }

  send(id: number, bytes: ArrayBuffer): void {
    this.started().postMessage({ id, bytes }, [bytes]);
  }

  finish(id: number): Promise<Digest> {
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.started().postMessage({ id });
    });
  }

  drop(id: number): void {
    this.worker?.postMessage({ id, drop: true });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./digest-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', ({ id, hash, crc32c }: Digest & { id: number }) => {
      this.waiting.get(id)?.resolve({ hash, crc32c });
      this.waiting.delete(id);
    });
    // A thread that died took every digest in progress with it: those uploads fail, the next one starts anew.
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the digest thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

const thread = new DigestThread();

/** A digest worked out on the process's digest thread; the bytes given are copied, never kept. */
export class ThreadDigester implements Digester {
  private readonly id = thread.newId();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private sent = false;

  update(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= BATCH_BYTES) this.flush();
  }

  result(): Promise<Digest> {
    this.flush();
    return thread.finish(this.id);
  }

  discard(): void {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.sent) thread.drop(this.id);
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const batch = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const chunk of this.pending) {
      batch.set(chunk, at);
      at += chunk.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    thread.send(this.id, batch.buffer);
    this.sent = true;
  }
}
