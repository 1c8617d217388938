import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32c } from '@node-rs/crc32';
import { describe, expect, it } from 'vitest';
import {
  InlineDigester,
  startDigestThread,
  ThreadDigester,
  type Digester,
} from '../../src/upload/digest-thread';

/** What the digest of `bytes` must be, worked out here in one piece. */
function expected(bytes: Buffer) {
  return { hash: crypto.createHash('sha256').update(bytes).digest('hex'), crc32c: crc32c(bytes) | 0 };
}

/** Gives `bytes` to the digester in socket-sized pieces and some odd ones, then asks for the result. */
function feed(digester: Digester, bytes: Buffer) {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = [65_536, 30_000, 16_384, 1, 7][i % 5]!;
    digester.update(bytes.subarray(at, at + size));
    at += size;
  }
  return digester.result();
}

describe('upload digests', () => {
  it('work out SHA-256 and CRC32C on the digest thread exactly as on the calling thread', async () => {
    for (const size of [0, 1, 262_143, 262_144, 262_145, 5_000_000]) {
      const bytes = crypto.randomBytes(size);
      await expect(feed(new ThreadDigester(), bytes)).resolves.toEqual(expected(bytes));
      await expect(feed(new InlineDigester(), bytes)).resolves.toEqual(expected(bytes));
    }
  });

  it('keep uploads apart when their pieces interleave', async () => {
    const files = Array.from({ length: 12 }, (_, i) => crypto.randomBytes(300_000 + i * 77_777));
    const digesters = files.map(() => new ThreadDigester());
    const piece = 40_000;
    const longest = Math.max(...files.map((f) => f.length));
    for (let at = 0; at < longest; at += piece)
      files.forEach((file, i) => {
        if (at < file.length) digesters[i]!.update(file.subarray(at, at + piece));
      });
    const results = await Promise.all(digesters.map((d) => d.result()));
    expect(results).toEqual(files.map(expected));
  });

  it('do not keep the bytes given: changing them afterwards changes nothing', async () => {
    const bytes = crypto.randomBytes(600_000);
    const want = expected(bytes);
    const digester = new ThreadDigester();
    digester.update(bytes);
    bytes.fill(0);
    await expect(digester.result()).resolves.toEqual(want);
  });

  it('hold uploads back while the thread is behind, and let them go once it has caught up', async () => {
    const bytes = crypto.randomBytes(8 * 1024 * 1024);
    const digester = new ThreadDigester();
    let heldBack = 0;
    for (let at = 0; at < bytes.length; at += 65_536) {
      digester.update(bytes.subarray(at, at + 65_536));
      const room = digester.room();
      if (!room) continue;
      heldBack += 1;
      await room;
    }
    // Given all at once, 8 MiB is more than the thread may have queued: the giver had to wait at least once.
    expect(heldBack).toBeGreaterThan(0);
    await expect(digester.result()).resolves.toEqual(expected(bytes));
    expect(new InlineDigester().room()).toBeUndefined();
  });

  it('fail an upload whose digest thread died, never answering for part of its bytes, and go on with a new one', async () => {
    const cut = new ThreadDigester();
    cut.update(crypto.randomBytes(300_000));
    await startDigestThread().terminate();
    cut.update(crypto.randomBytes(300_000));
    await expect(cut.result()).rejects.toThrow('the digest thread restarted during the upload');

    const bytes = crypto.randomBytes(400_000);
    await expect(feed(new ThreadDigester(), bytes)).resolves.toEqual(expected(bytes));
  });

  it('keep a command alive until its digest is answered, and let it end once nothing waits', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digest-command-'));
    const script = path.join(dir, 'command.mts');
    const module = path.resolve(import.meta.dirname, '../../src/upload/digest-thread.ts');
    fs.writeFileSync(
      script,
      `import { ThreadDigester } from ${JSON.stringify(module)};
const digester = new ThreadDigester();
digester.update(Buffer.alloc(3_000_000, 7));
console.log((await digester.result()).hash);`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stdout.trim()).toBe(expected(Buffer.alloc(3_000_000, 7)).hash);
      // Ended by itself, well before the timeout's SIGTERM.
      expect(run.signal).toBeNull();
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('forget a discarded upload, and the others still come out right', async () => {
    const kept = crypto.randomBytes(700_000);
    const dropped = new ThreadDigester();
    dropped.update(crypto.randomBytes(500_000));
    const digester = new ThreadDigester();
    digester.update(kept.subarray(0, 350_000));
    dropped.discard();
    digester.update(kept.subarray(350_000));
    await expect(digester.result()).resolves.toEqual(expected(kept));
  });
});
