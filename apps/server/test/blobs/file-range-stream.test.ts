import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRangeStream } from '../../src/blobs/file-range-stream';
import { POOLED_BUFFER_BYTES, pooledBuffers } from '../../src/blobs/buffer-pool';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-range-stream-'));
/** Sizes around the read size, so that last chunks are short, whole, or one byte. */
const files = [
  3 * POOLED_BUFFER_BYTES + 17,
  POOLED_BUFFER_BYTES,
  5_000_000,
  1,
  92 * POOLED_BUFFER_BYTES + 17,
].map((size, i) => {
  const bytes = crypto.randomBytes(size);
  const file = path.join(dir, `f${i}`);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
});

function open(file: string, start: number, end: number) {
  return new FileRangeStream(fs.openSync(file, 'r'), start, end);
}

/** A writable that keeps every chunk it is given, as a consumer that holds on to them would. */
function keeper() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('FileRangeStream', () => {
  it('gives every chunk a buffer of its own when its consumer is not an HTTP response', async () => {
    // Chunks held by the consumer would be overwritten if their buffers were read into again.
    const { file, bytes } = files[2]!;
    const { sink, bytes: got } = keeper();
    await pipeline(open(file, 0, bytes.length - 1), sink);
    expect(got().equals(bytes)).toBe(true);
  });

  it('reads exactly the range asked for', async () => {
    const { file, bytes } = files[0]!;
    const { sink, bytes: got } = keeper();
    await pipeline(open(file, 5, POOLED_BUFFER_BYTES + 9), sink);
    expect(got().equals(bytes.subarray(5, POOLED_BUFFER_BYTES + 10))).toBe(true);
  });

  it('ends short when the file is shorter than the range, so the check sees the wrong size', async () => {
    const { file, bytes } = files[1]!;
    let seen = 0;
    const stream = open(file, 0, bytes.length + 100).checkWith({
      update: (chunk) => void (seen += chunk.length),
      beforeLast: async () => {
        if (seen !== bytes.length + 101) throw new Error('short');
      },
    });
    await expect(pipeline(stream, keeper().sink)).rejects.toThrow('short');
  });

  it('holds the last chunk back until the check has passed, and never sends it when it fails', async () => {
    const { file, bytes } = files[0]!;
    const { sink, bytes: got } = keeper();
    const stream = open(file, 0, bytes.length - 1).checkWith({
      update: () => {},
      beforeLast: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('damaged');
      },
    });
    await expect(pipeline(stream, sink)).rejects.toThrow('damaged');
    expect(got().length).toBeLessThan(bytes.length);
    expect(got().equals(bytes.subarray(0, got().length))).toBe(true);
  });

  it('closes its file when destroyed in the middle of a read', async () => {
    const { file } = files[2]!;
    const stream = open(file, 0, 4_999_999);
    stream.resume();
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    // The descriptor is closed: a second close of it fails.
    expect(() => fs.closeSync((stream as unknown as { fd: number }).fd)).toThrow();
  });
});

describe('FileRangeStream into HTTP responses (buffers used again)', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const { file, bytes } = files[Number(req.url!.slice(1))]!;
      const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      const start = match ? Number(match[1]) : 0;
      const end = match ? Math.min(Number(match[2]), bytes.length - 1) : bytes.length - 1;
      res.writeHead(200, { 'content-length': end - start + 1 });
      open(file, start, end).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** One download. A stalled reader stops reading for 150 ms near its end while the other downloads go on. */
  function get(
    index: number,
    range: [number, number] | undefined,
    stallAt: number | undefined,
  ): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const headers = range ? { range: `bytes=${range[0]}-${range[1]}` } : undefined;
      http
        .get(`${origin}/${index}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          let stalled = false;
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            received += chunk.length;
            if (stallAt !== undefined && !stalled && received >= stallAt) {
              stalled = true;
              res.pause();
              setTimeout(() => res.resume(), 150);
            }
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it('sends every client its own bytes while many downloads of different files share the buffers', async () => {
    const cases = Array.from({ length: 40 }, (_, n) => {
      const index = n % files.length;
      const { bytes } = files[index]!;
      const from = (n * 7919) % bytes.length;
      const range: [number, number] | undefined =
        n % 3 === 0 ? [from, Math.min(bytes.length - 1, from + POOLED_BUFFER_BYTES * 2)] : undefined;
      const expected = range ? bytes.subarray(range[0], range[1] + 1) : bytes;
      // Stalls at different distances from the end, so that buffers are taken and given back by other downloads
      // while a stalled one still has bytes on their way.
      const stallAt = n % 4 === 1 ? Math.max(0, expected.length - (1 + (n % 6)) * 1_000_000) : undefined;
      return { index, range, stallAt, expected };
    });
    // Three waves, so later downloads take the buffers that earlier ones gave back.
    for (let wave = 0; wave < 3; wave++) {
      const bodies = await Promise.all(cases.map((c) => get(c.index, c.range, c.stallAt)));
      bodies.forEach((body, n) => {
        expect(body.length, `download ${n}`).toBe(cases[n]!.expected.length);
        expect(body.equals(cases[n]!.expected), `download ${n}`).toBe(true);
      });
    }
    expect(pooledBuffers()).toBeGreaterThan(0);
  });
});
