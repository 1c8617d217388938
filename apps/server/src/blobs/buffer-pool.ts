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

export function takeBuffer(): Buffer {
  return pool.pop() ?? Buffer.allocUnsafeSlow(POOLED_BUFFER_BYTES);
}

/** Only for buffers nothing holds any more: whoever takes one next writes over it. */
export function giveBack(buffers: Iterable<Buffer>): void {
  for (const buffer of buffers) if (pool.length < POOL_LIMIT) pool.push(buffer);
}

/** How many buffers wait in the pool. */
export function pooledBuffers(): number {
  return pool.length;
}
