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

/** SHA-256 (the blob's key) and CRC32C (what whole reads check) of some bytes. */
export interface Digest {
  hash: string;
  crc32c: number;
}

export interface BlobDigest extends Digest {
  size: number;
}

/** Both digests of bytes given in order, on the calling thread. */
export class InlineDigest {
  private readonly hash = crypto.createHash('sha256');
  private readonly crc = new Crc32c();

  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.crc.update(chunk);
  }

  digest(): Digest {
    return { hash: this.hash.digest('hex'), crc32c: this.crc.digest() };
  }
}

/** SHA-256 (the blob's key), CRC32C and length of a stream of blob bytes, in one pass. */
export async function digestStream(stream: NodeJS.ReadableStream): Promise<BlobDigest> {
  const digest = new InlineDigest();
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    digest.update(chunk);
    size += chunk.length;
  }
  return { ...digest.digest(), size };
}
