import crypto from 'node:crypto';
import { crc32c } from '@node-rs/crc32';

/**
 * CRC32C (Castagnoli) runs several times faster than SHA-256 here, so whole reads check it instead: it catches
 * every burst error a disk or a flipped bit makes, which is what a read needs to notice; SHA-256 stays the
 * blob's identity and is re-checked by the scrub. Kept as a signed 32-bit integer, the width both databases'
 * `integer` holds.
 */
export class Crc32c {
  private state = 0;
  update(chunk: Uint8Array): void {
    this.state = crc32c(chunk, this.state);
  }
  digest(): number {
    return this.state | 0;
  }
}

export interface BlobDigest {
  hash: string;
  crc32c: number;
  size: number;
}

/** SHA-256 (the blob's key), CRC32C and length of a stream of blob bytes, in one pass. */
export async function digestStream(stream: NodeJS.ReadableStream): Promise<BlobDigest> {
  const hash = crypto.createHash('sha256');
  const crc = new Crc32c();
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    crc.update(chunk);
    size += chunk.length;
  }
  return { hash: hash.digest('hex'), crc32c: crc.digest(), size };
}
