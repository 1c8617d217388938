import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { digestStream, type BlobDigest } from '../blobs/checksum';
import * as blobs from '../repositories/blobs';
import { deleteDownloadMarksBefore } from '../repositories/download-marks';
import { blobsWithThumbnails } from '../repositories/thumbnails';
import { releaseLease, tryAcquireLease } from '../repositories/leases';
import type { BlobReferences } from './blob-references';
import type { ResumableUploads } from './resumable-uploads';
import { DOWNLOAD_COUNT_INTERVAL_MS, Downloads } from './downloads';
import { sweepShareLinkRecords } from './share-links';
import type { Sessions } from './sessions';
import type { Trash } from './trash';
import { blobOfThumbnail } from './thumbnails/storage';
import { isoNow, systemClock, type Clock } from './clock';

export interface GcReport {
  unreferencedBlobs: number;
  orphanBytes: number;
  /** Stored thumbnails whose blob is gone (their process died between the two deletions). */
  orphanThumbnails: number;
  /** Temporary upload files, and half-written names inside the blob store, both left by crashes. */
  tempFiles: number;
  /** Resumable uploads that expired, or whose bytes no upload knows any more. */
  abandonedUploads: number;
  /** Trash entries whose retention ended, deleted for good (their bytes are reclaimed in the same pass). */
  trashPurged: number;
  bytesFreed: number;
}

export interface FsckProblem {
  blob: string;
  problem:
    | 'missing bytes'
    | 'hash mismatch'
    | 'size mismatch'
    | 'checksum mismatch'
    | 'wrong reference count'
    | 'thumbnail without blob'
    | 'missing thumbnail bytes';
  detail?: string;
}

const GC_LEASE = 'gc';
const SCRUB_LEASE = 'scrub';
const PROCESS_ID = `${process.pid}-${crypto.randomUUID()}`;

/** gc and fsck, shared by the CLI and the server's background sweep. */
export class Maintenance {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly references: BlobReferences,
    private readonly sessions: Sessions,
    private readonly resumable: ResumableUploads,
    private readonly trash: Pick<Trash, 'purgeDue'>,
    private readonly config: Pick<Config, 'tmpDir' | 'gcGraceMs'>,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  /**
   * Reclaims blobs nobody references, stored bytes no row knows (older than the grace period, so an upload
   * that is about to commit them keeps them), and stale temporary files.
   */
  async gc({ dryRun = false, graceMs = this.config.gcGraceMs } = {}): Promise<GcReport> {
    const report: GcReport = {
      unreferencedBlobs: 0,
      orphanBytes: 0,
      orphanThumbnails: 0,
      tempFiles: 0,
      abandonedUploads: 0,
      trashPurged: 0,
      bytesFreed: 0,
    };
    if (!dryRun) report.trashPurged = await this.trash.purgeDue();
    for (const blob of await blobs.unreferencedBlobs(this.db, 100_000)) {
      if (dryRun || (await this.references.reclaim(blob.hash))) {
        report.unreferencedBlobs += 1;
        report.bytesFreed += blob.size;
      }
    }
    const known = new Set((await blobs.allBlobs(this.db)).map((b) => b.hash));
    // Against the file system's modification times, so in its time, not this.clock's.
    const cutoff = systemClock.now() - graceMs;
    for await (const stored of this.store.list()) {
      if (known.has(stored.key) || stored.modifiedAt.getTime() > cutoff) continue;
      if (dryRun || (await this.references.reclaimOrphanBytes(stored.key, stored.size))) {
        report.orphanBytes += 1;
        report.bytesFreed += stored.size;
      }
    }
    // Re-read: the loop above may have reclaimed blobs, and thumbnails go with their blob.
    const remaining = new Set((await blobs.allBlobs(this.db)).map((b) => b.hash));
    for await (const thumbnail of this.store.listDerived()) {
      if (remaining.has(blobOfThumbnail(thumbnail.name)) || thumbnail.modifiedAt.getTime() > cutoff) continue;
      if (!dryRun) await this.store.deleteDerived(thumbnail.name);
      report.orphanThumbnails += 1;
      report.bytesFreed += thumbnail.size;
    }
    report.tempFiles =
      (await this.removeTempFiles(cutoff, dryRun)) +
      ((await this.store.removeLeftovers?.(cutoff, dryRun)) ?? 0);
    const abandoned = await this.resumable.removeAbandoned(cutoff, dryRun);
    report.abandonedUploads = abandoned.uploads;
    report.bytesFreed += abandoned.bytes;
    if (!dryRun) {
      await this.sessions.purgeExpired();
      await sweepShareLinkRecords(new Downloads(this.db, this.clock));
      await deleteDownloadMarksBefore(this.db, isoNow(this.clock, -DOWNLOAD_COUNT_INTERVAL_MS));
    }
    return report;
  }

  /** Removes temporary upload files last written before `cutoff` (epoch ms); all of them at start-up. */
  async removeTempFiles(cutoff: number, dryRun = false): Promise<number> {
    let removed = 0;
    const entries = await fsp.readdir(this.config.tmpDir).catch(() => [] as string[]);
    for (const name of entries) {
      const file = path.join(this.config.tmpDir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs > cutoff) continue;
      if (!dryRun) await fsp.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * Every referenced blob has bytes that hash to its key, and every count matches its file rows. A thumbnail
   * whose blob is gone counts once it is older than `graceMs`: a younger one may belong to a job that is
   * still running and will remove it itself.
   */
  async fsck({ graceMs = this.config.gcGraceMs } = {}): Promise<{
    checkedBlobs: number;
    problems: FsckProblem[];
    /** Resumable uploads still in flight: expected, never damage. */
    uploadsInFlight: number;
  }> {
    const problems: FsckProblem[] = [];
    const all = await blobs.allBlobs(this.db);
    for (const blob of all.filter((b) => b.ref_count > 0)) {
      const problem = await this.checkBlob(blob);
      if (problem) problems.push(problem);
    }
    for (const wrong of await blobs.blobsWithWrongCounts(this.db)) {
      problems.push({
        blob: wrong.hash,
        problem: 'wrong reference count',
        detail: `count ${wrong.ref_count}, files ${wrong.files}`,
      });
    }
    // File modification times: the file system's clock.
    problems.push(
      ...(await this.checkThumbnails(new Set(all.map((b) => b.hash)), systemClock.now() - graceMs)),
    );
    return { checkedBlobs: all.length, problems, uploadsInFlight: await this.resumable.inFlight() };
  }

  /**
   * Re-hashes one blob's bytes with SHA-256: undefined when they match their key, size and stored checksum,
   * else what is wrong. Bytes that match and have no checksum yet get it.
   */
  private async checkBlob(blob: {
    hash: string;
    size: number;
    crc32c: number | null;
  }): Promise<FsckProblem | undefined> {
    let actual: BlobDigest;
    try {
      actual = await digestStream(await this.store.read(blob.hash));
    } catch (error) {
      return { blob: blob.hash, problem: 'missing bytes', detail: String((error as Error).message) };
    }
    if (actual.hash !== blob.hash) return { blob: blob.hash, problem: 'hash mismatch', detail: actual.hash };
    if (actual.size !== blob.size)
      return { blob: blob.hash, problem: 'size mismatch', detail: `${actual.size} != ${blob.size}` };
    if (blob.crc32c === null) await blobs.setBlobChecksum(this.db, blob.hash, actual.crc32c);
    else if (blob.crc32c !== actual.crc32c)
      return {
        blob: blob.hash,
        problem: 'checksum mismatch',
        detail: `stored ${blob.crc32c}, bytes ${actual.crc32c}`,
      };
    return undefined;
  }

  /**
   * Gives every referenced blob stored before checksums existed its CRC32C, once its bytes are found to match
   * their SHA-256 (those that do not are reported, not given one).
   */
  async backfillChecksums(): Promise<{ filled: number; problems: FsckProblem[] }> {
    const problems: FsckProblem[] = [];
    let filled = 0;
    for (;;) {
      const batch = await blobs.blobsWithoutChecksum(this.db, 500);
      const fresh = batch.filter((b) => !problems.some((p) => p.blob === b.hash));
      if (fresh.length === 0) return { filled, problems };
      for (const blob of fresh) {
        const problem = await this.checkBlob({ ...blob, crc32c: null });
        if (problem) problems.push(problem);
        else filled += 1;
      }
    }
  }

  /**
   * Re-hashes referenced blobs with SHA-256, those checked longest ago first, until `maxBytes` were read (at
   * least one blob; all of them without a limit), and reports the damaged ones. Whole reads only check the
   * CRC32C, so this is what notices a blob whose checksum was recorded over bytes already wrong.
   */
  async scrub({ maxBytes = Infinity } = {}): Promise<{ checkedBlobs: number; problems: FsckProblem[] }> {
    const problems: FsckProblem[] = [];
    let checked = 0;
    let bytes = 0;
    const seen = new Set<string>();
    while (bytes < maxBytes) {
      const batch = (await blobs.blobsToScrub(this.db, 100)).filter((b) => !seen.has(b.hash));
      if (batch.length === 0) break;
      for (const blob of batch) {
        if (bytes >= maxBytes) break;
        seen.add(blob.hash);
        const problem = await this.checkBlob(blob);
        if (problem) problems.push(problem);
        await blobs.markScrubbed(this.db, blob.hash, isoNow(this.clock));
        checked += 1;
        bytes += blob.size;
      }
    }
    return { checkedBlobs: checked, problems };
  }

  /** One slice of the background scrub, in at most one process at a time (a lease in the shared database). */
  async scrubIfLeader(
    maxBytes: number,
  ): Promise<{ checkedBlobs: number; problems: FsckProblem[] } | undefined> {
    const now = this.clock.now();
    const acquired = await tryAcquireLease(
      this.db,
      SCRUB_LEASE,
      PROCESS_ID,
      new Date(now).toISOString(),
      new Date(now + 30 * 60_000).toISOString(),
    );
    if (!acquired) return undefined;
    try {
      const report = await this.scrub({ maxBytes });
      for (const problem of report.problems)
        this.log.error({ scrub: problem }, 'scrub found damaged stored bytes');
      return report;
    } finally {
      await releaseLease(this.db, SCRUB_LEASE, PROCESS_ID);
    }
  }

  /** Stored thumbnails belong to a blob row, and every recorded thumbnail has its bytes. */
  private async checkThumbnails(known: Set<string>, cutoff: number): Promise<FsckProblem[]> {
    const problems: FsckProblem[] = [];
    const stored = new Set<string>();
    for await (const thumbnail of this.store.listDerived()) {
      stored.add(blobOfThumbnail(thumbnail.name));
      if (!known.has(blobOfThumbnail(thumbnail.name)) && thumbnail.modifiedAt.getTime() <= cutoff)
        problems.push({
          blob: blobOfThumbnail(thumbnail.name),
          problem: 'thumbnail without blob',
          detail: thumbnail.name,
        });
    }
    for (const hash of await blobsWithThumbnails(this.db)) {
      if (!stored.has(hash)) problems.push({ blob: hash, problem: 'missing thumbnail bytes' });
    }
    return problems;
  }

  /** Runs gc in at most one process at a time, through a lease in the shared database. */
  async sweepIfLeader(): Promise<GcReport | undefined> {
    const now = this.clock.now();
    const leaseMs = 10 * 60_000;
    const acquired = await tryAcquireLease(
      this.db,
      GC_LEASE,
      PROCESS_ID,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
    );
    if (!acquired) return undefined;
    try {
      const report = await this.gc();
      if (report.bytesFreed) this.log.info({ gc: report }, 'reclaimed unreferenced storage');
      return report;
    } finally {
      await releaseLease(this.db, GC_LEASE, PROCESS_ID);
    }
  }
}
