import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobReferences } from './blob-references';

/**
 * Reclaims the blobs of deleted files off the request path. A delete that had to wait for the bytes to go
 * would answer measurably later when nobody else held them, telling the deleter whether others store the same
 * file. So every delete queues its blob (shared or not) and the queue drains after a short random pause; a
 * blob someone still references is left alone by `reclaim`. Whatever a crash leaves queued, `gc` reclaims.
 */
export class ReclaimQueue {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly references: BlobReferences,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = { min: 20, max: 200 },
  ) {}

  add(hash: string): void {
    this.pending.add(hash);
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.drain();
      },
      crypto.randomInt(this.delayMs.min, this.delayMs.max + 1),
    );
    this.timer.unref();
  }

  /** Reclaims everything queued so far (at shutdown, or when a test needs it done). */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
    const hashes = [...this.pending];
    this.pending.clear();
    this.draining = (async () => {
      for (const hash of hashes) {
        await this.references.reclaim(hash).catch((error: unknown) =>
          // Nothing is lost: the blob row stays unreferenced and `gc` reclaims it later.
          this.log.warn({ err: error, blob: hash }, 'could not reclaim an unreferenced blob now'),
        );
      }
    })();
    await this.draining;
  }
}
