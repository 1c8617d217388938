import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOLED_BUFFER_BYTES, pooledBuffers } from '../../src/blobs/buffer-pool';
import { BufferReturn, lendBuffersOf } from '../../src/blobs/buffer-return';
import { FileRangeStream } from '../../src/blobs/file-range-stream';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buffer-return-'));
const files = [7 * POOLED_BUFFER_BYTES + 3, 1, POOLED_BUFFER_BYTES, 3_000_000].map((size, i) => {
  const bytes = crypto.randomBytes(size);
  const file = path.join(dir, `f${i}`);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
});
const everything = Buffer.concat(files.map((one) => one.bytes));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The files one after the other, each read into lent buffers and passed through two steps of its own before
 * the shared output, as a zip writer passes its entries.
 */
function concatenated(): Readable {
  const output = new PassThrough();
  void (async () => {
    for (const { file, bytes } of files) {
      const entry = lendBuffersOf(new FileRangeStream(fs.openSync(file, 'r'), 0, bytes.length - 1));
      const step = entry.pipe(new PassThrough()).pipe(new PassThrough());
      step.pipe(output, { end: false });
      await new Promise((resolve) => step.once('end', resolve));
    }
    output.end();
  })();
  return output;
}

describe('lent buffers given back by the end of a stream', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((_req, res) => concatenated().pipe(new BufferReturn()).pipe(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** One download; a stalled one stops reading for 100 ms after `stallAt` bytes while the others go on. */
  function get(stallAt: number | undefined): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      http
        .get(origin, (res) => {
          const chunks: Buffer[] = [];
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            received += chunk.length;
            if (stallAt !== undefined && received >= stallAt) {
              stallAt = undefined;
              res.pause();
              setTimeout(() => res.resume(), 100);
            }
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it('sends every client the bytes unchanged while downloads share the buffers they give back', async () => {
    for (let wave = 0; wave < 3; wave++) {
      const stalls = Array.from({ length: 12 }, (_, n) =>
        n % 3 === 0 ? (n * 1_048_573) % everything.length : undefined,
      );
      const bodies = await Promise.all(stalls.map(get));
      bodies.forEach((body, n) => expect(body.equals(everything), `download ${n}`).toBe(true));
    }
    // Every response has finished, so each buffer it held is back in the pool for the next one.
    expect(pooledBuffers()).toBeGreaterThan(0);
  });
});
