/**
 * 256 KiB buffers that downloads read files into, used again from one download to the next.
 *
 * Each new Buffer is memory outside the JavaScript heap that V8 counts towards its next collection. Serving
 * a gigabyte a second from fresh buffers, the server ran a scavenge every 25 ms; requests still in flight
 * survived each one into the old generation, which kept growing, and V8's GC helper threads took most of a
 * core between them.
 *
 * Size: of 64 KiB, 128 KiB, 256 KiB, 512 KiB and 1 MiB reads, measured as CPU time per MB served under the
 * download bench (bench/README.md), 256 KiB cost the serving process the least.
 */
export const POOLED_BUFFER_BYTES = 256 * 1024;
/** Free buffers kept for the next transfers (16 MiB); more are left to the garbage collector. */
const POOL_LIMIT = 64;
const pool: Buffer[] = [];
/**
 * The memory of buffers handed to a stream whose last consumer gives them back (takeBackLent), where the
 * stream that read them cannot tell when its chunks have left the process.
 */
const lent = new WeakSet<ArrayBufferLike>();

export function takeBuffer(): Buffer {
  const buffer = pool.pop() ?? Buffer.allocUnsafeSlow(POOLED_BUFFER_BYTES);
  lent.delete(buffer.buffer);
  return buffer;
}

/** A pooled buffer whose chunks the end of the stream gives back with takeBackLent. */
export function lendBuffer(): Buffer {
  const buffer = takeBuffer();
  lent.add(buffer.buffer);
  return buffer;
}

/**
 * Puts the buffer behind `chunk` back in the pool when it is a lent one; only once nothing holds the chunk any
 * more. Answers whether it was.
 */
export function takeBackLent(chunk: Buffer): boolean {
  const memory = chunk.buffer;
  if (!lent.has(memory)) return false;
  lent.delete(memory);
  giveBack([Buffer.from(memory as ArrayBuffer)]);
  return true;
}

/** Whether `chunk` sits in a lent buffer. */
export const isLent = (chunk: Buffer) => lent.has(chunk.buffer);

/** Only for buffers nothing holds any more: whoever takes one next writes over it. */
export function giveBack(buffers: Iterable<Buffer>): void {
  for (const buffer of buffers) if (pool.length < POOL_LIMIT) pool.push(buffer);
}

/** How many buffers wait in the pool. */
export function pooledBuffers(): number {
  return pool.length;
}
