import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_BYTES, BatchedFileSink } from '../../src/upload/batched-file-sink';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batched-file-sink-'));
let n = 0;
const newPath = () => path.join(dir, `f${n++}`);

afterEach(() => vi.restoreAllMocks());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type WritevDone = (error: NodeJS.ErrnoException | null, bytesWritten: number) => void;

/** The bytes cut into pieces of the sizes a socket hands over (16 to 64 KiB), and some odd ones. */
function pieces(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = [65_536, 30_000, 16_384, 1, 7][i % 5]!;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

/** Writes `bytes` through a sink, syncs, closes; what `fs.writev` was asked to write, call by call. */
async function writeThrough(file: string, bytes: Buffer): Promise<number[]> {
  const writev = vi.spyOn(fs, 'writev');
  const sink = new BatchedFileSink(file);
  await pipeline(Readable.from(pieces(bytes)), sink);
  await sink.sync();
  sink.destroy();
  await sink.closedDown();
  return writev.mock.calls.map(([, chunks]) => chunks.reduce((sum, c) => sum + c.byteLength, 0));
}

describe('BatchedFileSink', () => {
  it('writes every byte in order, in batches of at least BATCH_BYTES', async () => {
    const file = newPath();
    const bytes = crypto.randomBytes(5_000_000);
    const writes = await writeThrough(file, bytes);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    // Hundreds of pieces, about twenty writes: every batch but the last holds at least BATCH_BYTES.
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(bytes.length / BATCH_BYTES));
    for (const size of writes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(BATCH_BYTES);
  });

  it('writes a file smaller than one batch, and an empty one', async () => {
    for (const size of [1, 70_000, 0]) {
      const file = newPath();
      const bytes = crypto.randomBytes(size);
      await writeThrough(file, bytes);
      expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    }
  });

  it('finishes a write the disk takes only in part', async () => {
    const real = fs.writev.bind(fs) as (
      fd: number,
      chunks: Buffer[],
      position: number,
      done: WritevDone,
    ) => void;
    // Takes at most 100,003 bytes per call, as a nearly full disk may.
    vi.spyOn(fs, 'writev').mockImplementation(((
      fd: number,
      chunks: Buffer[],
      position: number,
      done: WritevDone,
    ) => {
      let room = 100_003;
      const allowed: Buffer[] = [];
      for (const chunk of chunks) {
        if (room === 0) break;
        allowed.push(chunk.subarray(0, room));
        room -= Math.min(room, chunk.length);
      }
      real(fd, allowed, position, done);
    }) as unknown as typeof fs.writev);
    const file = newPath();
    const bytes = crypto.randomBytes(3 * BATCH_BYTES + 12_345);
    const sink = new BatchedFileSink(file);
    await pipeline(Readable.from(pieces(bytes)), sink);
    sink.destroy();
    await sink.closedDown();
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses to write over a file that exists', async () => {
    const file = newPath();
    fs.writeFileSync(file, 'already here');
    const sink = new BatchedFileSink(file);
    await expect(pipeline(Readable.from([Buffer.from('new')]), sink)).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('already here');
  });

  it('closes after a source fails, keeping only whole batches written before it', async () => {
    const file = newPath();
    const bytes = crypto.randomBytes(2 * BATCH_BYTES + 5_000);
    const rest = pieces(bytes);
    const source = new Readable({
      read() {
        const next = rest.shift();
        if (next) this.push(next);
        else this.destroy(new Error('client went away'));
      },
    });
    const sink = new BatchedFileSink(file);
    await expect(pipeline(source, sink)).rejects.toThrow('client went away');
    await sink.closedDown();
    // Every batch written is whole: at least BATCH_BYTES each, and the bytes that had not made a batch are not.
    const kept = fs.readFileSync(file);
    expect(kept.length).toBeGreaterThanOrEqual(BATCH_BYTES);
    expect(kept.length).toBeLessThan(bytes.length);
    expect(kept.equals(bytes.subarray(0, kept.length))).toBe(true);
  });
});
